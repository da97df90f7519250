import type { ControlState } from './controls/control-state';
import type { Clock } from './domain/clock';
import type { IdempotencyStore } from './domain/idempotency';
import type { RateLimiter } from './domain/rate-limit';
import type { Durability } from './durability-port';
import type { Extensions } from './extensions/live-extensions';
import type { ApiRequest, ApiResponse } from './http/api-request';
import type { RequestKeys } from './http/request-key';
import type { FailNextQueue } from './spaces/fail-next-queue';
import type { Store } from './store/store';

// Owned by the request journal; re-exported for the modules that take them from here.
export type { JournalMessage, RequestEntry } from './request-journal';

/** What only the dispatcher knows about a request it answered. */
export interface RequestFacts {
  readonly operation: string | null;
  readonly account_ref: string | null;
  /** Server time when the request was received (ISO). */
  readonly time: string;
  readonly duration_ms: number;
  readonly fault: string | null;
}

/** Everything operations and adapters share: the server's state and controls. */
export interface ServerContext {
  readonly store: Store;
  readonly clock: Clock;
  /** The admin controls (faults, Shield pause…): read with `controls.read(faultsControl)`. */
  readonly controls: ControlState;
  readonly idempotency: IdempotencyStore;
  readonly rateLimiter: RateLimiter;
  readonly extensions: Extensions;
  /** Failures queued by `POST /__admin/fail-next`, answered before an operation runs. */
  readonly failNext: FailNextQueue;
  /** The API key of each request, authenticated once (body limit, then pipeline). */
  readonly requestKeys: RequestKeys;
  /** Pending while a scenario loads initially; null once ready. */
  pending: Promise<void> | null;
  /** Durable state (`stateFile`): requests run as logged units. Absent: memory only. */
  durability?: Durability;
  /** Called once per API request after its response is decided. */
  readonly onRequest: (request: ApiRequest, response: ApiResponse, facts: RequestFacts) => void;
  /** Called with unexpected exceptions (answered 500). */
  readonly onError: (error: unknown) => void;
}
