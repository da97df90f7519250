import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminError, admin } from './api';
import { Login } from './Login';
import { announceSignOut, onSignOutElsewhere } from './session-channel';
import { useJournal } from './use-journal';
import { useServerState } from './use-server-state';
import { ViewBoundary } from './ViewBoundary';
import { AccountsView } from './views/AccountsView';
import { ControlsView } from './views/ControlsView';
import { JournalView } from './views/JournalView';
import { ShieldView } from './views/ShieldView';

const VIEWS = ['journal', 'accounts', 'shield', 'controls'] as const;
type View = (typeof VIEWS)[number];
const TITLES: Record<View, string> = {
  journal: 'Journal',
  accounts: 'Accounts',
  shield: 'Shield',
  controls: 'Controls',
};

const viewFromHash = (): View => {
  const name = window.location.hash.slice(1);
  return (VIEWS as readonly string[]).includes(name) ? (name as View) : 'journal';
};

/** Signed-in or not: asks the server (`/whoami`) whether the session cookie still holds. */
export function App() {
  const [session, setSession] = useState<'unknown' | 'in' | 'out'>('unknown');
  useEffect(() => {
    admin
      .whoami()
      .then(() => setSession('in'))
      .catch(() => setSession('out'));
  }, []);
  const signedOut = useCallback(() => setSession('out'), []);
  // The tabs of one browser share the cookie: a sign-out in one ends the session in all.
  useEffect(() => onSignOutElsewhere(signedOut), [signedOut]);
  if (session === 'unknown') return <p className="loading">Loading…</p>;
  if (session === 'out') return <Login onLoggedIn={() => setSession('in')} />;
  return <Console onSignedOut={signedOut} />;
}

function Console({ onSignedOut }: { onSignedOut: () => void }) {
  const [view, setView] = useState<View>(viewFromHash);
  const server = useServerState();
  const { refresh } = server;
  // New requests change state (orders, rules…): refresh it, at most every 300 ms.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onEntry = useCallback(() => {
    if (pending.current !== undefined) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void refresh();
    }, 300);
  }, [refresh]);
  useEffect(() => () => clearTimeout(pending.current), []);
  const journal = useJournal(onEntry, onSignedOut);

  useEffect(() => {
    const onHash = () => setView(viewFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    if (server.error !== undefined) {
      admin.whoami().catch((cause) => {
        if (cause instanceof AdminError && cause.status === 401) onSignedOut();
      });
    }
  }, [server.error, onSignedOut]);

  // Leave at once, before the server answers: unmounting the console closes its journal
  // stream and timers, and the other tabs close theirs. Nothing opens again until sign-in.
  const signOut = () => {
    onSignedOut();
    announceSignOut();
    void admin.logout().catch(() => undefined);
  };

  return (
    <div className="shell">
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
        <span className="clock" title="Server clock (UTC)">
          <span className="muted">server clock</span>{' '}
          <time data-testid="server-clock">
            {new Date(server.now).toISOString().slice(0, 19).replace('T', ' ')}
          </time>
          {server.clock?.frozen && <span className="badge badge-warn">frozen</span>}
        </span>
        <span className={`stream stream-${journal.stream}`}>{journal.stream}</span>
        <button type="button" className="link" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main className="content" aria-label={TITLES[view]}>
        {server.error && (
          <p role="alert" className="error">
            {server.error}
          </p>
        )}
        {/* One boundary per view (keyed, so another view starts without the crash). */}
        <ViewBoundary
          key={view}
          title={TITLES[view]}
          backHref={view === 'journal' ? undefined : '#journal'}
        >
          {view === 'journal' && <JournalView entries={journal.entries} error={journal.error} />}
          {view === 'accounts' && <AccountsView state={server.state} />}
          {view === 'shield' && <ShieldView state={server.state} now={server.now} />}
          {view === 'controls' && <ControlsView server={server} />}
        </ViewBoundary>
      </main>
    </div>
  );
}
