import type { Clock } from './domain/clock';
import type { IdempotencyStore } from './domain/idempotency';
import type { RateLimiter } from './domain/rate-limit';
import type { Durability } from './durability';
import type { Extensions } from './extensions';
import type { Store } from './store/store';

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

/** One API request as the journal and the request log see it (never a token). */
export interface RequestEntry {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly account_ref: string | null;
  /** Server time of the request (ISO). */
  readonly time: string;
  readonly duration_ms: number;
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
  readonly onRequest: (entry: RequestEntry) => void;
  /** Called with unexpected exceptions (answered 500). */
  readonly onError: (error: unknown) => void;
}

/** Default faults: the provider behaves. */
export const defaultFaults = (): Faults => ({ power: 'ok', shield: 'ok', latencyMs: 0 });
