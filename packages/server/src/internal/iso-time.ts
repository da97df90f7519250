// `Date.prototype.toISOString` is a C++ builtin that formats through snprintf: ~7,500
// instructions a call (callgrind), two per order and one per `GET /me`. The same text by
// arithmetic (Hinnant's days-to-civil) costs a small fraction of that.
import { civilFromDays } from './civil-date';

const DAY_MS = 86_400_000;
// 0000-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: four-digit years, the only ones
// formatted here (`toISOString` writes others as ±YYYYYY).
const FIRST_MS = -62_167_219_200_000;
const END_MS = 253_402_300_800_000;

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

// The last two times formatted, and their texts: a clock catch-up formats the same due
// moment and the same new `expires_at` for every service renewing at it, in turns (and
// requests of the same millisecond repeat a time too); every record stamped with one then
// shares one string.
let lastMs = Number.NaN;
let lastText = '';
let olderMs = Number.NaN;
let olderText = '';

/** `new Date(ms).toISOString()`, byte for byte (and its RangeError for an invalid time). */
export function isoTime(ms: number): string {
  const t = Math.trunc(ms);
  if (t === lastMs) return lastText;
  if (t === olderMs) return olderText;
  if (!(t >= FIRST_MS && t < END_MS)) return new Date(ms).toISOString();
  const days = Math.floor(t / DAY_MS);
  let rest = t - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  const { year, month, day } = civilFromDays(days);
  const yyyy = year >= 1000 ? String(year) : String(year).padStart(4, '0');
  // Joined, not a template: a template past 13 characters is a tree of cons strings (~10
  // objects) that the records a year of renewals keeps would hold on to; join writes one.
  olderMs = lastMs;
  olderText = lastText;
  lastText = [
    yyyy,
    '-',
    TWO_DIGITS[month],
    '-',
    TWO_DIGITS[day],
    'T',
    TWO_DIGITS[hours],
    ':',
    TWO_DIGITS[minutes],
    ':',
    TWO_DIGITS[seconds],
    '.',
    THREE_DIGITS[millis],
    'Z',
  ].join('');
  lastMs = t;
  return lastText;
}

// The last text parsed, and its time: the schedule parses each renewed service's new
// `expires_at`, and a catch-up gives every service renewed at one moment the same string.
let lastParsedText = '';
let lastParsedMs = Number.NaN;

/** `Date.parse(text)`, remembering the last text (a catch-up parses one moment many times). */
export function parseTime(text: string): number {
  if (text === lastParsedText) return lastParsedMs;
  lastParsedMs = Date.parse(text);
  lastParsedText = text;
  return lastParsedMs;
}
