// Times typed by hand are ISO 8601 in UTC, the server clock's zone: a text field, not the
// browser's date picker (which shows the locale's format, e.g. US month/day order).

/** What a UTC time field expects, as its placeholder says. */
export const UTC_PLACEHOLDER = 'YYYY-MM-DDTHH:MM:SSZ';

const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/i;

/** The result of reading a typed time: its ISO form, or why it is not one. */
export type UtcParse = { ok: true; iso: string } | { ok: false; error: string };

/**
 * Reads `2026-01-01T12:00:00Z` (also with a space for `T`, without seconds, without `Z`:
 * UTC, or with an explicit offset such as `+02:00`) as an ISO instant. Impossible dates
 * (`2026-02-30`) are refused, not rolled over.
 */
export function parseUtcInput(text: string): UtcParse {
  const match = PATTERN.exec(text.trim());
  if (match === null) {
    return { ok: false, error: `Use ISO 8601 in UTC, e.g. 2026-01-01T12:00:00Z.` };
  }
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone = 'Z'] = match;
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day));
  const date = new Date(wall);
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  ) {
    return { ok: false, error: `${text.trim()} is not a date and time that exists.` };
  }
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone;
  const ms = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${offset}`);
  if (Number.isNaN(ms)) return { ok: false, error: `${text.trim()} is not a valid time.` };
  return { ok: true, iso: new Date(ms).toISOString() };
}

/** An instant as the field shows it: `2026-01-01T12:00:00Z` (UTC, whole seconds). */
export const formatUtcInput = (at: string | number): string =>
  `${new Date(at).toISOString().slice(0, 19)}Z`;
