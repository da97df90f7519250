// The "updated HH:MM:SS" of a watch is the server's clock, never this machine's: a skewed
// local clock must not make fresh data look stale (or stale data fresh).

/**
 * When the server produced a telemetry answer: its `Date` header (seconds), as long as it
 * agrees with the window the data covers (`end`, the server's clock truncated to the
 * minute); otherwise `end` itself. A server whose `Date` is another clock than its data's
 * (an older reference server stated the host's time there while its API ran on a clock of
 * its own) is read by the data's own timestamp, the server time that matters.
 * @example serverTime('Thu, 01 Jan 2026 12:34:56 GMT', '2026-01-01T12:34:00Z') // 12:34:56
 */
export function serverTime(dateHeader: string | null | undefined, windowEnd: string): Date {
  const end = Date.parse(windowEnd);
  const date = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isFinite(date) && date >= end && date < end + 60_000) return new Date(date);
  return new Date(end);
}

/** `12:34:56 UTC`: how the watches print a server time. */
export const formatServerTime = (at: Date) => `${at.toISOString().slice(11, 19)} UTC`;
