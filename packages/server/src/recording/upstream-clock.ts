import { jsonBody, type RecordedExchange } from './recording-format';

// A recording's `time` is the proxy's clock; the upstream's records (an order's created_at)
// carry the upstream's, which it states in `server_time` or `as_of`. An exchange is placed
// at the time its answer states, else at the last time stated before it (at the
// recording's start before any): a reference server's clock cannot go back, so it is
// never moved past a time the upstream did not state (an upstream whose clock is slow or
// frozen would be overtaken by the proxy's).

/** The upstream's time an answer states (`server_time`, else `as_of`), in ms; undefined if none. */
export function statedTime(exchange: RecordedExchange): number | undefined {
  const body = jsonBody(exchange.response);
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const stated = record.server_time ?? record.as_of;
  if (typeof stated !== 'string') return undefined;
  const ms = Date.parse(stated);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Places recorded exchanges on the upstream's clock (see the module comment). */
export class UpstreamClock {
  #last: number | undefined;

  /** `startMs`: the upstream's time at the first exchange (the scenario's `now`), if known. */
  constructor(startMs?: number) {
    this.#last = startMs;
  }

  /** The upstream time of `exchange` in ms: the time it states, else the last one stated. */
  timeOf(exchange: RecordedExchange): number {
    const stated = statedTime(exchange);
    if (stated !== undefined) this.#last = stated;
    return this.#last ?? Date.parse(exchange.time);
  }
}
