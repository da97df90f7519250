import type { SpaceInfo } from '@refapi/server/browser';

// Which state the console shows: the root's, or a space's. The choice is kept in the tab's
// session storage, so a reload stays in the space (and another tab may show another one).

/** The session storage key of the selected space's id. */
const STORAGE_KEY = 'refapi-console-space';
/** What a space id may look like (`sp_` and URL-safe characters); anything else is ignored. */
const SPACE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The space a tab showed before a reload, or undefined for the root. */
export function storedSpace(storage: Pick<Storage, 'getItem'> | undefined): string | undefined {
  const id = storage?.getItem(STORAGE_KEY) ?? undefined;
  return id !== undefined && SPACE_ID.test(id) ? id : undefined;
}

/** Keeps (or, for the root, forgets) the selected space for the next reload. */
export function storeSpace(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined,
  spaceId: string | undefined,
): void {
  if (spaceId === undefined) storage?.removeItem(STORAGE_KEY);
  else storage?.setItem(STORAGE_KEY, spaceId);
}

/** The browser's session storage, where there is one (private modes may refuse it). */
export function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

const count = (n: number) => `${n} ${n === 1 ? 'request' : 'requests'}`;

/** A space as the switcher lists it: its name (else its id) and the requests it answered. */
export const spaceLabel = (space: SpaceInfo): string =>
  `${space.name ?? space.space_id} · ${count(space.requests)}`;

/** A space in a sentence: `"ci-run" (sp_…)`, or its id alone. */
export const spaceName = (spaceId: string, name: string | null | undefined): string =>
  name ? `"${name}" (${spaceId})` : spaceId;

/** Why the console went back to the root. */
export type LeftSpace = 'gone' | 'deleted';

/** The notice shown once the console went back to the root from a space. */
export function leftSpaceNotice(why: LeftSpace, spaceId: string, name?: string | null): string {
  const space = spaceName(spaceId, name);
  return why === 'deleted'
    ? `Space ${space} was deleted; showing Root.`
    : `Space ${space} no longer exists (deleted elsewhere, or expired unused); showing Root.`;
}

/**
 * The switcher's spaces: the listed ones, and the selected one while a listing does not
 * show it yet (just created, or listed before it was).
 */
export function switcherSpaces(listed: readonly SpaceInfo[], selected: string | undefined) {
  const known = listed.some((space) => space.space_id === selected);
  return { spaces: listed, unlisted: selected !== undefined && !known ? selected : undefined };
}
