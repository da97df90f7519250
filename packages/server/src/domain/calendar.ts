// Calendar months (reference spec, section 9): a period of n months ends on the same day of
// the month n months later, clamped to that month's last day. A renewal keeps the day its
// term began on, so a term begun on 31 January ends 28 February, then 31 March, 30 April.

const DAY_MS = 86_400_000;

/** The most milliseconds from the epoch a `Date` holds, either way (ECMA-262 21.4.1.1). */
const MAX_DATE_MS = 8.64e15;

/**
 * Days from 1970-01-01 to a proleptic Gregorian date (`month` 1-12), in integer arithmetic
 * (H. Hinnant's `days_from_civil`): no `Date` made, and the years 0 to 99 are themselves, not
 * 1900 to 1999 as `Date.UTC` reads them (a term ending in the year 50 renewed into 1950).
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The proleptic Gregorian date (`month` 1-12) of a day counted from 1970-01-01. */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day: dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1 };
}

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
