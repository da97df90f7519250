import { API_KEY_PREFIX } from '@refapi/schema';
import type { ApiContext } from '../api/api-context';
import type { ApiRequest } from '../api/api-request';
import { createDispatcher, createWindowPeek } from '../api/dispatcher';
import { JournalledRequest } from '../api/request-entry';
import type { RequestHandler } from '../api/request-handler';
import { RequestKeys } from '../api/request-key';
import type { ControlSlice } from '../controls/control-slice';
import { ControlState } from '../controls/control-state';
import { secretsEqual } from '../domain/auth';
import { createClock } from '../domain/clock';
import { IdempotencyStore } from '../domain/idempotency';
import { RateLimiter } from '../domain/rate-limit';
import { Extensions } from '../extensions/live-extensions';
import { extensionModules } from '../extensions/registry';
import { operationImpls } from '../operations/index';
import { JOURNAL_CHARS, type JournalBudget, RequestJournal } from '../request-journal';
import { AccountTime } from '../state/account-time';
import { type ControlPlane, createControlPlane } from '../state/control-plane';
import { DueAlarm } from '../state/due-alarm';
import { FailNextQueue } from '../state/fail-next-queue';
import type { RequestEntry } from '../state/server-context';
import { Snapshots } from '../state/snapshots';
import { Store } from '../store/store';

/** What one state of a server (the root, or a space) is built with. */
export interface SpaceRuntimeOptions {
  /** The space's id; null for the root. */
  readonly id: string | null;
  /** The API's base path (`/v1` at the root, `/spaces/{id}/v1` in a space). */
  readonly basePath: string;
  readonly journalSize: number;
  /** What the server's journals (the root's and every space's) may hold together. */
  readonly journalBudget?: JournalBudget | undefined;
  readonly controls: readonly ControlSlice<unknown>[];
  /** Clock start until a scenario or fork sets it. */
  readonly startMs: number;
  /** Every API request's journal entry, whichever space answered it (the request log). */
  readonly onRequest?: ((entry: RequestEntry) => void) | undefined;
  readonly onError: (error: unknown) => void;
  /** JSON bytes the snapshots of this state may hold (`--max-snapshot-bytes`). */
  readonly maxSnapshotBytes?: number | undefined;
  /** The admin token: redacted where a request shows it as another value (its journal entry). */
  readonly adminToken?: string | undefined;
}

/**
 * One isolated state with everything that answers for it: its records, clock, controls,
 * idempotency records, rate-limit windows, extensions, request journal, snapshots and
 * queued failures, its control plane and its API dispatcher. The root is one; each space is
 * another, started from a fork of the root's slices (`ControlPlane.adopt`).
 */
export interface SpaceRuntime {
  readonly id: string | null;
  /** The API's base path (`/v1` at the root, `/spaces/{id}/v1` in a space). */
  readonly basePath: string;
  readonly ctx: ApiContext;
  readonly control: ControlPlane;
  readonly journal: RequestJournal;
  /** The API (paths under the base path): never throws. */
  readonly dispatch: RequestHandler;
  /** The rate-limit headers of an API request refused after its key was read, not counted. */
  readonly window: (request: ApiRequest) => Record<string, string>;
  /** Applies due events as they fall due on a running clock (a served server; see `DueAlarm`). */
  keepTime(): void;
  /** Stops {@link SpaceRuntime.keepTime}. */
  stopTime(): void;
  /** Ends what outlives a deleted space on its own: its journal streams, its due-event alarm. */
  close(): void;
}

/** Builds an empty state and its dispatcher (a scenario load or an adopted fork fills it). */
export function createSpaceRuntime(options: SpaceRuntimeOptions): SpaceRuntime {
  const { id, basePath } = options;
  const journal = new RequestJournal(options.journalSize, JOURNAL_CHARS, options.journalBudget);
  const clock = createClock(options.startMs);
  const store = new Store(() => clock.nowMs());
  const time = new AccountTime(store, clock);
  // A value the journal must not show: the admin token (compared in constant time, hashed
  // only at its length) or an API key, looked up by digest (only values with the API key
  // prefix are hashed), never by a scan of the keys.
  const { adminToken } = options;
  const isSecret = (value: string) =>
    (adminToken !== undefined &&
      value.length === adminToken.length &&
      secretsEqual(value, adminToken)) ||
    (value.startsWith(API_KEY_PREFIX) && store.authenticate(value) !== undefined);
  // Every event the clock applies is a journal entry of its own, beside the requests.
  time.onApplied((applied) =>
    journal.add({
      ...applied,
      kind: 'clock_event',
      id: null,
      space_id: id,
      time: applied.due_at,
      event: applied.kind,
    }),
  );
  const ctx: ApiContext = {
    store,
    clock,
    time,
    controls: new ControlState(options.controls),
    idempotency: new IdempotencyStore(),
    rateLimiter: new RateLimiter(),
    extensions: new Extensions(extensionModules, () => clock.now()),
    failNext: new FailNextQueue(),
    requestKeys: new RequestKeys(store),
    pending: null,
    onRequest: (request, response, facts) => {
      const journalled = new JournalledRequest(request, response, facts, id, isSecret);
      // The journal holds the API (the base path); the request log sees every request.
      if (request.path.startsWith(`${basePath}/`)) journal.record(journalled);
      options.onRequest?.(journalled.entry());
    },
    onError: options.onError,
  };
  const control = createControlPlane(ctx, journal, new Snapshots(options.maxSnapshotBytes), id);
  const alarm = new DueAlarm(ctx);
  return {
    id,
    basePath,
    ctx,
    control,
    journal,
    dispatch: createDispatcher(ctx, operationImpls, basePath),
    window: createWindowPeek(ctx, basePath),
    keepTime: () => alarm.start(),
    stopTime: () => alarm.stop(),
    close: () => {
      alarm.stop();
      journal.close();
    },
  };
}
