import { fingerprint } from '../domain/idempotency';
import {
  idempotencyKeyOf,
  isJsonObject,
  jsonBody,
  type RecordedExchange,
  recordedRoute,
} from './recording-format';

// Writes the upstream answered as idempotent replays of requests made before the recording
// (an Idempotency-Key the recording had not sent before, answered `Idempotent-Replayed`):
// the upstream held their stored responses, so the scenario holds them too, or the replay
// would do the write again. The fingerprint is the server's own: of the request's path
// parameters and body as the contract validates them.

type Json = Record<string, unknown>;

/** Keys of writes the recording sent, and stored replays kept: a recording may hold millions. */
const MAX_KEYS = 100_000;
const MAX_REPLAYS = 10_000;

/** A stored response the scenario holds (`idempotency` of the scenario document). */
export interface StoredReplay {
  readonly operation_id: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly response: { readonly status: number; readonly body: unknown };
}

/** Finds, one exchange at a time, the writes answered from responses stored before. */
export class ReplayedWrites {
  /** `operation key` of every write the recording sent, up to MAX_KEYS. */
  readonly #sent = new Set<string>();
  readonly #replays = new Map<string, StoredReplay>();

  observe(exchange: RecordedExchange): void {
    const key = idempotencyKeyOf(exchange);
    if (key === undefined || exchange.operation === null) return;
    const slot = `${exchange.operation} ${key}`;
    const first = !this.#sent.has(slot);
    if (first && this.#sent.size < MAX_KEYS) this.#sent.add(slot);
    if (!first || exchange.response.headers['idempotent-replayed'] !== 'true') return;
    if (this.#replays.size >= MAX_REPLAYS) return;
    const stored = storedReplay(exchange, key);
    if (stored !== undefined) this.#replays.set(slot, stored);
  }

  /** The stored responses found, as the scenario's idempotency entries. */
  entries(accountRef: string, storedAt: string): Json[] {
    return [...this.#replays.values()].map((replay) => ({
      account_ref: accountRef,
      ...replay,
      stored_at: storedAt,
    }));
  }
}

/** The response the upstream had stored for a replayed write, or undefined if unusable. */
function storedReplay(exchange: RecordedExchange, key: string): StoredReplay | undefined {
  const route = recordedRoute(exchange.method, exchange.path);
  if (route.kind !== 'operation') return undefined;
  const { op } = route;
  const params = op.pathParams?.safeParse(route.params);
  const sent = jsonBody(exchange.request);
  const body = op.body?.safeParse(sent);
  if (params?.success === false || body?.success === false) return undefined;
  const answer = jsonBody(exchange.response);
  // Stored as it was first answered: the replay flag is set on the way out.
  const stored =
    isJsonObject(answer) && 'idempotent_replayed' in answer
      ? { ...answer, idempotent_replayed: false }
      : answer;
  return {
    operation_id: op.operationId,
    key,
    fingerprint: fingerprint({ params: params?.data ?? null, body: body?.data ?? null }),
    response: { status: exchange.status, body: stored },
  };
}
