import type { ControlState } from '../controls/control-state';
import type { Clock } from '../domain/clock';
import type { IdempotencyStore } from '../domain/idempotency';
import type { RateLimiter } from '../domain/rate-limit';
import type { Extensions } from '../extensions/live-extensions';
import type { Store } from '../store/store';
import type { AccountTime } from './account-time';
import type { Durability } from './durability';
import type { FailNextQueue } from './fail-next-queue';

// Owned by the request journal; re-exported for the modules that take them from here.
export type { JournalMessage, RequestEntry } from '../request-journal';

/** Everything operations and adapters share: the server's state and controls (no HTTP). */
export interface ServerContext {
  readonly store: Store;
  readonly clock: Clock;
  /** What falls due on the clock (renewals, expiries, Shield grace ends) and its catch-up. */
  readonly time: AccountTime;
  /** The admin controls (faults, Shield pause…): read with `controls.read(faultsControl)`. */
  readonly controls: ControlState;
  readonly idempotency: IdempotencyStore;
  readonly rateLimiter: RateLimiter;
  readonly extensions: Extensions;
  /** Failures queued by `POST /__admin/fail-next`, answered before an operation runs. */
  readonly failNext: FailNextQueue;
  /** Pending while a scenario loads initially; null once ready. */
  pending: Promise<void> | null;
  /** Durable state (`stateFile`): requests run as logged units. Absent: memory only. */
  durability?: Durability;
  /** Called with unexpected exceptions (answered 500). */
  readonly onError: (error: unknown) => void;
}
