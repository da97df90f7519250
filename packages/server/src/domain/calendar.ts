// Calendar months (reference spec, section 9): a period of n months ends on the same day of
// the month n months later, clamped to that month's last day. A renewal keeps the day its
// term began on, so a term begun on 31 January ends 28 February, then 31 March, 30 April.

import { civilFromDays, daysFromCivil } from '../internal/civil-date';

const DAY_MS = 86_400_000;

/** The most milliseconds from the epoch a `Date` holds, either way (ECMA-262 21.4.1.1). */
const MAX_DATE_MS = 8.64e15;

const isLeapYear = (year: number): boolean =>
  year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** The last day of a month (`month` 1-12). */
const lastDayOf = (year: number, month: number): number =>
  month === 2
    ? isLeapYear(year)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;

/**
 * `ms` plus `months` calendar months, on `day` of the month (default: the day of `ms`),
 * clamped to the month's last day; the time of day is kept. NaN when that day is past what a
 * `Date` holds.
 * @example addMonths(Date.parse('2026-01-31T00:00:00Z'), 1) // 2026-02-28T00:00:00Z
 */
export function addMonths(ms: number, months: number, day?: number): number {
  // A catch-up renews every service of one due moment alike: the same sum, many times.
  if (ms === last.ms && months === last.months && day === last.day) return last.sum;
  // Counted, not through `Date`: a clock move's bound and its catch-up add months once for
  // each renewal on the way, up to 100,000 of them (three Dates each, before).
  let sum = Number.NaN;
  if (Math.abs(ms) <= MAX_DATE_MS) {
    const days = Math.floor(ms / DAY_MS);
    const date = civilFromDays(days);
    const monthIndex = date.year * 12 + date.month - 1 + months;
    const year = Math.floor(monthIndex / 12);
    const month = monthIndex - year * 12 + 1;
    const wanted = day ?? date.day;
    const dayStart = daysFromCivil(year, month, Math.min(wanted, lastDayOf(year, month))) * DAY_MS;
    if (Math.abs(dayStart) <= MAX_DATE_MS) sum = dayStart + (ms - days * DAY_MS);
  }
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
