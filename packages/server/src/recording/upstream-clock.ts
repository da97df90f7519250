import { jsonBody, type RecordedExchange } from './recording-format';

// A recording's times are the proxy's clock; the upstream's records (an order's created_at)
// carry the upstream's. The upstream tells its own time in `server_time` or `as_of`: each
// exchange is placed on the upstream's clock by the last offset seen, the proxy's clock
// where no answer has told one yet.

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
  #offsetMs: number | undefined;

  /** The upstream time of `exchange` in ms: its stated time, else its proxy time plus the last offset. */
  timeOf(exchange: RecordedExchange): number {
    const proxy = Date.parse(exchange.time);
    const stated = statedTime(exchange);
    if (stated !== undefined) {
      this.#offsetMs = stated - proxy;
      return stated;
    }
    return proxy + (this.#offsetMs ?? 0);
  }
}

/**
 * The upstream time at the recording's first exchange: the first stated time less the proxy
 * time that passed since the first exchange; the proxy's first time when none is stated.
 */
export async function recordingStart(
  exchanges: AsyncIterable<RecordedExchange>,
): Promise<number | undefined> {
  let first: number | undefined;
  for await (const exchange of exchanges) {
    const proxy = Date.parse(exchange.time);
    first ??= proxy;
    const stated = statedTime(exchange);
    if (stated !== undefined) return stated - (proxy - first);
  }
  return first;
}
