import {
  ADMIN_PATHS,
  type ClockChange,
  type ClockMove,
  type ClockView,
  type ControlsDocument,
  inSpace,
  type LoadedScenario,
  type RequestList,
  type ShieldTelemetry,
  type ShieldTelemetryDataset,
  type SnapshotInfo,
  type SnapshotList,
  type StateDocument,
  type WhoAmI,
} from '@refapi/server/browser';
import { adminFetch, isSpaceGone } from './api';

/**
 * The admin calls on one state: the root's (`spaceId` undefined) or a space's, whose paths
 * are the root's under `/spaces/{space_id}` (`inSpace`). A space's call answered 404
 * `space_not_found` (deleted, expired) calls `onGone` before it throws.
 */
export function adminIn(spaceId: string | undefined, onGone?: () => void) {
  const at = (path: string) => inSpace(spaceId, path);
  const call = <T>(path: string, init?: Parameters<typeof adminFetch>[1]) =>
    adminFetch<T>(at(path), init).catch((cause: unknown) => {
      if (spaceId !== undefined && isSpaceGone(cause)) onGone?.();
      throw cause;
    });
  const post = <T>(path: string, body?: unknown) =>
    call<T>(path, { method: 'POST', ...(body === undefined ? {} : { body }) });
  return {
    spaceId,
    /** The session holds, and the space is still there. */
    whoami: () => call<WhoAmI>(ADMIN_PATHS.whoami),
    /** The journal's newest entries: API requests and the clock's events. */
    requests: (limit = 1000) =>
      call<RequestList>(`${ADMIN_PATHS.requests}?limit=${limit}`).then((r) => r.requests),
    /** The journal's event stream (`EventSource` sends the cookie, at the root or in a space). */
    requestsStreamUrl: at(ADMIN_PATHS.requestsStream),
    state: () => call<StateDocument>(ADMIN_PATHS.state),
    /** The clock and the next events that will fall due. */
    clock: () => call<ClockView>(ADMIN_PATHS.clock),
    /** Moves the clock; answers what fell due on the way. */
    setClock: (body: ClockChange) => post<ClockMove>(ADMIN_PATHS.clock, body),
    /** Every admin control with its POST body as JSON Schema and its value. */
    controls: () => call<ControlsDocument>(ADMIN_PATHS.controls),
    /** Changes a control of {@link controls}; its `path` is the root's, put in this space. */
    setControl: (path: string, body: Record<string, unknown>) => post<unknown>(path, body),
    reset: () => post<void>(ADMIN_PATHS.reset),
    loadScenario: (text: string) => post<LoadedScenario>(ADMIN_PATHS.scenario, text),
    /** Shield telemetry of an account's service: what the customer API gives that account. */
    shieldTelemetry: (
      accountRef: string,
      serviceRef: string,
      dataset: ShieldTelemetryDataset,
      query: Record<string, string | number>,
    ) => {
      const search = new URLSearchParams(
        Object.entries(query).map(([name, value]) => [name, String(value)]),
      );
      const path = ADMIN_PATHS.shieldTelemetry(accountRef, serviceRef, dataset);
      return call<ShieldTelemetry>(`${path}?${search}`);
    },
    /** Raises an account's balance (its currency); answers the `top_up` transaction. */
    topUp: (accountRef: string, amount: number) =>
      post<{ transaction: unknown }>(ADMIN_PATHS.topUps, { account_ref: accountRef, amount }),
    snapshots: () => call<SnapshotList>(ADMIN_PATHS.snapshots).then((list) => list.snapshots),
    saveSnapshot: (name: string) => post<SnapshotInfo>(ADMIN_PATHS.snapshots, { name }),
    restoreSnapshot: (name: string) => post<void>(ADMIN_PATHS.snapshotRestore(name)),
    deleteSnapshot: (name: string) => call<void>(ADMIN_PATHS.snapshot(name), { method: 'DELETE' }),
  };
}

/** The admin calls on the state the console shows. */
export type StateAdmin = ReturnType<typeof adminIn>;
