import { spaceLabel, switcherSpaces } from './space-selection';
import type { Spaces } from './use-spaces';

/** The header's choice of the state every view shows: the root, or one of the spaces. */
export function SpaceSwitcher({
  spaces,
}: {
  spaces: Pick<Spaces, 'list' | 'selected' | 'select'>;
}) {
  const { spaces: listed, unlisted } = switcherSpaces(spaces.list, spaces.selected);
  return (
    <label className="space-switch">
      <span className="muted">space</span>
      <select
        value={spaces.selected ?? ''}
        data-testid="space-select"
        onChange={(event) => spaces.select(event.target.value || undefined)}
      >
        <option value="">Root</option>
        {unlisted !== undefined && <option value={unlisted}>{unlisted}</option>}
        {listed.map((space) => (
          <option key={space.space_id} value={space.space_id} title={space.space_id}>
            {spaceLabel(space)}
          </option>
        ))}
      </select>
    </label>
  );
}
