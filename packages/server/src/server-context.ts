import type { Clock } from './domain/clock';
import type { IdempotencyStore } from './domain/idempotency';
import type { RateLimiter } from './domain/rate-limit';
import type { Durability } from './durability-port';
import type { Extensions } from './extensions';
import type { ApiRequest, ApiResponse } from './http/api-request';
import type { Store } from './store/store';

// Owned by the request journal; re-exported for the modules that take them from here.
export type { JournalMessage, RequestEntry } from './request-journal';

/** Provider behaviour injected through POST /__admin/faults. */
export interface Faults {
  /** Outcome of the next power actions: `reject`/`fail`/`uncertain` answer 502. */
  power: 'ok' | 'reject' | 'fail' | 'uncertain';
  /** `fail` makes the next Shield apply fail (the Shield module resets it to `ok`). */
  shield: 'ok' | 'fail';
  /** Latency added to every API response, in milliseconds. */
  latencyMs: number;
}

/** The Shield pause switch (POST /__admin/shield). */
export interface ShieldControl {
  paused: boolean;
  /** Seconds announced in `Retry-After` while paused. */
  retryAfterSeconds: number;
}

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
  readonly faults: Faults;
  readonly shield: ShieldControl;
  readonly idempotency: IdempotencyStore;
  readonly rateLimiter: RateLimiter;
  readonly extensions: Extensions;
  /** Pending while a scenario loads initially; null once ready. */
  pending: Promise<void> | null;
  /** Durable state (`stateFile`): requests run as journaled units. Absent: memory only. */
  durability?: Durability;
  /** Called once per API request after its response is decided. */
  readonly onRequest: (request: ApiRequest, response: ApiResponse, facts: RequestFacts) => void;
  /** Called with unexpected exceptions (answered 500). */
  readonly onError: (error: unknown) => void;
}

/** Default faults: the provider behaves. */
export const defaultFaults = (): Faults => ({ power: 'ok', shield: 'ok', latencyMs: 0 });
