// Calendar months (reference spec, section 9): a period of n months ends on the same day of
// the month n months later, clamped to that month's last day. A renewal keeps the day its
// term began on, so a term begun on 31 January ends 28 February, then 31 March, 30 April.

const DAY_MS = 86_400_000;

/**
 * The instant a UTC date starts (`month` and `day` may overflow into the year and month). Not
 * `Date.UTC`, which reads the years 0 to 99 as 1900 to 1999: a term ending in the year 50
 * renewed into 1950.
 */
function startOfDay(year: number, month: number, day: number): number {
  const date = new Date(0);
  return date.setUTCFullYear(year, month, day);
}

/** The last day of a month (`month` may overflow into the year). */
const lastDayOf = (year: number, month: number): number =>
  new Date(startOfDay(year, month + 1, 0)).getUTCDate();

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
  const timeOfDay = ((ms % DAY_MS) + DAY_MS) % DAY_MS;
  const sum = startOfDay(year, month, Math.min(wanted, lastDayOf(year, month))) + timeOfDay;
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
