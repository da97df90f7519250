import { serverClock } from './format';
import { SpaceSwitcher } from './SpaceSwitcher';
import type { StreamState } from './use-journal';
import type { Spaces } from './use-spaces';

/** The console's views, in navigation order. */
export const VIEWS = ['journal', 'accounts', 'shield', 'controls'] as const;
/** One of {@link VIEWS}. */
export type View = (typeof VIEWS)[number];
/** Each view's name in the navigation and as its region's label. */
export const TITLES: Record<View, string> = {
  journal: 'Journal',
  accounts: 'Accounts',
  shield: 'Shield',
  controls: 'Controls',
};

/** The top bar: views, the space shown, its clock, the journal stream's state, sign-out. */
export function Header({
  view,
  spaces,
  now,
  frozen,
  stream,
  onSignOut,
}: {
  view: View;
  spaces: Pick<Spaces, 'list' | 'selected' | 'select'>;
  now: number | undefined;
  frozen: boolean;
  stream: StreamState | 'offline';
  onSignOut: () => void;
}) {
  return (
    <header className="topbar">
      <span className="brand">refapi console</span>
      <nav aria-label="Views">
        <ul>
          {VIEWS.map((name) => (
            <li key={name}>
              <a href={`#${name}`} aria-current={view === name ? 'page' : undefined}>
                {TITLES[name]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <span className="topbar-end">
        <SpaceSwitcher spaces={spaces} />
        <span className="clock" title="Server clock (UTC)">
          <span className="muted clock-label">server clock</span>{' '}
          <time data-testid="server-clock">{serverClock(now)}</time>
          {frozen && <span className="badge badge-warn">frozen</span>}
        </span>
        <span className={`stream stream-${stream}`} data-testid="stream-state">
          {stream}
        </span>
        <button type="button" className="link" onClick={onSignOut}>
          Sign out
        </button>
      </span>
    </header>
  );
}
