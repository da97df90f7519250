/** The rate-limit window as the server reported it on a response. */
export interface RateLimitState {
  /** Requests allowed in the current window (`RateLimit-Limit`). */
  readonly limit: number;
  /** Requests left in the current window (`RateLimit-Remaining`). */
  readonly remaining: number;
  /** Whole seconds until the window resets (`RateLimit-Reset`). */
  readonly resetSeconds: number;
}

const readInt = (headers: Headers, name: string): number | undefined => {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return undefined;
  return Number(raw);
};

/** Parses the `RateLimit-*` headers; `undefined` when any of the three is missing or malformed. */
export function parseRateLimit(headers: Headers): RateLimitState | undefined {
  const limit = readInt(headers, 'RateLimit-Limit');
  const remaining = readInt(headers, 'RateLimit-Remaining');
  const resetSeconds = readInt(headers, 'RateLimit-Reset');
  if (limit === undefined || remaining === undefined || resetSeconds === undefined)
    return undefined;
  return { limit, remaining, resetSeconds };
}
