import type { SpaceInfo, SpaceRequest } from '@refapi/server/browser';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { admin } from './api';
import { adminIn, type StateAdmin } from './space-api';
import {
  type LeftSpace,
  leftSpaceNotice,
  sessionStore,
  storedSpace,
  storeSpace,
} from './space-selection';

/** How often the spaces are listed again (request counts; a space expired or deleted elsewhere). */
const LIST_MS = 5_000;

/** The server's spaces, the one the console shows, and what changes them. */
export interface Spaces {
  /** As `GET /__admin/spaces` listed them last (empty until then, or on a server without). */
  readonly list: readonly SpaceInfo[];
  /** The space shown; undefined for the root. */
  readonly selected: string | undefined;
  /** The admin calls on the state shown (the selected space's, else the root's). */
  readonly api: StateAdmin;
  /** Why the console went back to the root, until dismissed or another space is chosen. */
  readonly notice: string | undefined;
  select(spaceId: string | undefined): void;
  create(request: SpaceRequest): Promise<SpaceInfo>;
  remove(spaceId: string): Promise<void>;
  dismissNotice(): void;
}

/**
 * The space selection, kept in the tab's session storage (a reload stays in the space), and
 * the listing, refreshed every {@link LIST_MS}. Once the selected space answers 404
 * `space_not_found` (any call of {@link Spaces.api}), or a listing lacks it and it then does,
 * the console goes back to the root with a notice.
 */
export function useSpaces(): Spaces {
  const [list, setList] = useState<readonly SpaceInfo[]>([]);
  const [selected, setSelected] = useState<string | undefined>(() => storedSpace(sessionStore()));
  const [notice, setNotice] = useState<string | undefined>();
  const current = useRef(selected);
  const names = useRef(new Map<string, string | null>());

  const refresh = useCallback(async () => {
    const spaces = await admin.spaces();
    for (const space of spaces) names.current.set(space.space_id, space.name);
    setList(spaces);
    return spaces;
  }, []);

  const select = useCallback((spaceId: string | undefined) => {
    current.current = spaceId;
    storeSpace(sessionStore(), spaceId);
    setSelected(spaceId);
    setNotice(undefined);
  }, []);

  const leave = useCallback(
    (spaceId: string, why: LeftSpace) => {
      if (current.current !== spaceId) return;
      select(undefined);
      // Known gone: the switcher drops it now rather than at the next listing.
      setList((listed) => listed.filter((space) => space.space_id !== spaceId));
      setNotice(leftSpaceNotice(why, spaceId, names.current.get(spaceId)));
    },
    [select],
  );

  // Listed now and every few seconds; a selected space missing from a listing is asked
  // itself (its 404 leaves it): a listing may predate a space created since.
  useEffect(() => {
    let live = true;
    const check = () =>
      refresh().then(
        (spaces) => {
          const id = current.current;
          if (!live || id === undefined || spaces.some((space) => space.space_id === id)) return;
          adminIn(id, () => leave(id, 'gone'))
            .whoami()
            .catch(() => undefined);
        },
        () => undefined,
      );
    void check();
    const timer = setInterval(() => void check(), LIST_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [refresh, leave]);

  const api = useMemo(
    () => adminIn(selected, selected === undefined ? undefined : () => leave(selected, 'gone')),
    [selected, leave],
  );

  const create = useCallback(
    async (request: SpaceRequest) => {
      const space = await admin.createSpace(request);
      names.current.set(space.space_id, space.name);
      await refresh().catch(() => undefined);
      return space;
    },
    [refresh],
  );

  const remove = useCallback(
    async (spaceId: string) => {
      await admin.deleteSpace(spaceId);
      leave(spaceId, 'deleted');
      await refresh().catch(() => undefined);
    },
    [leave, refresh],
  );

  const dismissNotice = useCallback(() => setNotice(undefined), []);
  return { list, selected, api, notice, select, create, remove, dismissNotice };
}
