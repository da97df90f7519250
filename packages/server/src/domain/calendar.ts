// Calendar months (reference spec, section 9): a period of n months ends on the same day of
// the month n months later, clamped to that month's last day. A renewal keeps the day its
// term began on, so a term begun on 31 January ends 28 February, then 31 March, 30 April.

/** The last day of a month (`month` may overflow: Date.UTC carries it into the year). */
const lastDayOf = (year: number, month: number): number =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * `ms` plus `months` calendar months, on `day` of the month (default: the day of `ms`),
 * clamped to the month's last day; the time of day is kept.
 * @example addMonths(Date.parse('2026-01-31T00:00:00Z'), 1) // 2026-02-28T00:00:00Z
 */
export function addMonths(ms: number, months: number, day?: number): number {
  // A catch-up renews every service of one due moment alike: the same sum, many times.
  if (ms === last.ms && months === last.months && day === last.day) return last.sum;
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const wanted = day ?? date.getUTCDate();
  const sum = Date.UTC(
    year,
    month,
    Math.min(wanted, lastDayOf(year, month)),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
  last.ms = ms;
  last.months = months;
  last.day = day;
  last.sum = sum;
  return sum;
}

/** The last sum {@link addMonths} computed, and its terms. */
const last: { ms: number; months: number; day: number | undefined; sum: number } = {
  ms: Number.NaN,
  months: 0,
  day: undefined,
  sum: 0,
};

/** The day of the month (UTC) of an instant: the day a term began on. */
export const dayOfMonth = (ms: number): number => new Date(ms).getUTCDate();
