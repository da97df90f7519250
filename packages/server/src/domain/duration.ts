// Durations as people write them, for moving a clock: seconds (a number), an object
// (`{ months: 1, days: 2 }`) or an ISO 8601 duration (`P1M`, `PT90S`, `P1Y2M3DT4H`). Months
// and years are calendar months (see `calendar.ts`), so a duration is kept as months plus
// an exact number of milliseconds, never converted to seconds up front. Strict: anything
// else is refused with the reason, rather than read as zero.
import { addMonths } from './calendar';

/** A duration in units: each a non-negative number (fractions only below a day). */
export interface DurationParts {
  readonly years?: number;
  readonly months?: number;
  readonly weeks?: number;
  readonly days?: number;
  readonly hours?: number;
  readonly minutes?: number;
  readonly seconds?: number;
}

/** Seconds, {@link DurationParts} or an ISO 8601 duration string (`P1M`). */
export type DurationInput = number | string | DurationParts;

/** A parsed duration: whole calendar months plus exact milliseconds. */
export interface Duration {
  readonly months: number;
  readonly ms: number;
}

const UNIT_MS = {
  weeks: 7 * 86_400_000,
  days: 86_400_000,
  hours: 3_600_000,
  minutes: 60_000,
  seconds: 1000,
} as const;

const PART_NAMES = new Set(['years', 'months', ...Object.keys(UNIT_MS)]);

// P[nY][nM][nW][nD][T[nH][nM][nS]]: integers, seconds may have a fraction.
const ISO =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/;

/** Thrown for a duration that cannot be read; the message says why. */
class DurationError extends RangeError {
  override readonly name = 'DurationError';
}

function fromParts(parts: DurationParts): Duration {
  for (const [name, value] of Object.entries(parts)) {
    if (!PART_NAMES.has(name)) throw new DurationError(`unknown duration unit "${name}"`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new DurationError(`duration ${name} must be a non-negative number`);
    }
  }
  const years = parts.years ?? 0;
  const months = parts.months ?? 0;
  if (!Number.isInteger(years) || !Number.isInteger(months)) {
    throw new DurationError('duration years and months must be whole numbers');
  }
  let ms = 0;
  for (const [unit, size] of Object.entries(UNIT_MS)) {
    ms += (parts[unit as keyof typeof UNIT_MS] ?? 0) * size;
  }
  return { months: years * 12 + months, ms: Math.round(ms) };
}

function fromIso(text: string): Duration {
  const match = ISO.exec(text.trim());
  if (match === null || text.trim() === 'P' || text.trim().endsWith('T')) {
    throw new DurationError(`"${text}" is not an ISO 8601 duration like P1M or PT90S`);
  }
  const [, y, mo, w, d, h, mi, s] = match;
  const int = (value: string | undefined) => (value === undefined ? 0 : Number(value));
  return fromParts({
    years: int(y),
    months: int(mo),
    weeks: int(w),
    days: int(d),
    hours: int(h),
    minutes: int(mi),
    seconds: s === undefined ? 0 : Number(s.replace(',', '.')),
  });
}

/**
 * Reads a duration: seconds, parts or an ISO 8601 string.
 * @example parseDuration({ months: 1 }) // { months: 1, ms: 0 }
 * @example parseDuration('PT90S') // { months: 0, ms: 90000 }
 */
export function parseDuration(input: DurationInput): Duration {
  if (typeof input === 'number') return fromParts({ seconds: input });
  if (typeof input === 'string') return fromIso(input);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new DurationError('a duration is seconds, { months: 1 } or an ISO 8601 string');
  }
  return fromParts(input);
}

/** The instant `duration` after `fromMs`: calendar months first, then the exact part. */
export const addDuration = (fromMs: number, duration: Duration): number =>
  (duration.months === 0 ? fromMs : addMonths(fromMs, duration.months)) + duration.ms;

/**
 * A duration as ISO 8601 text (`{ months: 1 }` → `P1M`), for sending it to the admin API.
 * @example isoDuration({ months: 1, days: 2 }) // 'P1M2D'
 */
export function isoDuration(input: DurationInput): string {
  if (typeof input === 'string') {
    parseDuration(input);
    return input;
  }
  const parts: DurationParts = typeof input === 'number' ? { seconds: input } : input;
  fromParts(parts);
  const { years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0 } = parts;
  const unit = (value: number, letter: string) => (value === 0 ? '' : `${value}${letter}`);
  const date = `${unit(years, 'Y')}${unit(months, 'M')}${unit(weeks, 'W')}${unit(days, 'D')}`;
  const time = `${unit(hours, 'H')}${unit(minutes, 'M')}${unit(seconds, 'S')}`;
  return `P${date}${time === '' ? '' : `T${time}`}${date === '' && time === '' ? 'T0S' : ''}`;
}
