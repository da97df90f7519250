import type { Clock } from './domain/clock';
import type { IdempotencyStore } from './domain/idempotency';
import type { RateLimiter } from './domain/rate-limit';
import type { Durability } from './durability';
import type { Extensions } from './extensions';
import type { ApiRequest, ApiResponse } from './http/api-request';
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

/** Headers and body of a journalled request or response. */
export interface JournalMessage {
  /** Lower-case names; credentials read `"[redacted]"`. */
  readonly headers: Readonly<Record<string, string>>;
  /** UTF-8 text, the first 16 KiB; null when there was none. */
  readonly body: string | null;
  /** Whether `body` was cut at 16 KiB. */
  readonly body_truncated: boolean;
}

/** One API request as the request journal keeps it (`GET /__admin/requests`); never a credential. */
export interface RequestEntry {
  /** Same as the response's `Request-Id` header. */
  readonly id: string;
  /** Server time when the request was received (ISO). */
  readonly time: string;
  /** The contract operation it matched, or null (404/405). */
  readonly operation: string | null;
  readonly method: string;
  /** Path as received, without the query (e.g. `/v1/orders`). */
  readonly path: string;
  /** Raw query string without `?`, `""` when none. */
  readonly query: string;
  readonly status: number;
  readonly duration_ms: number;
  /** The account of a valid API key, or null. */
  readonly account_ref: string | null;
  readonly idempotency_key: string | null;
  /** True when the answer was an idempotent replay. */
  readonly replayed: boolean;
  /** The injected fault that shaped the answer (`power:reject`, `shield:fail`, `latency`, …), or null. */
  readonly fault: string | null;
  readonly request: JournalMessage;
  readonly response: JournalMessage;
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
