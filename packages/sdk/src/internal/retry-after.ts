/**
 * Seconds to wait according to `Retry-After` (delta-seconds or an HTTP date), or undefined.
 * ky obeys the header itself; we parse it only to decide whether to fail fast and to
 * expose `retryAfter` on errors.
 */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP date always names a weekday or month; this keeps `-3` from parsing as a year.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
