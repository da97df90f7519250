/**
 * Seconds to wait from a `Retry-After` header: delta-seconds (`30`) or an HTTP date, never
 * negative; undefined when absent or unreadable.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and month (`Wed, 21 Oct 2026 07:28:00 GMT`); Date.parse
  // alone would read `-5` as a year.
  const date = /[A-Za-z]/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
