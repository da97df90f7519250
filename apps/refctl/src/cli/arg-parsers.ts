import { InvalidArgumentError } from 'commander';

/**
 * Commander parser of a flag's text that must not be empty (`--columns ''`, `--cursor ''`,
 * `--profile ''`): an empty value (a shell variable that was never set) is a usage error, not
 * a silent default. Every flag that takes text goes through it.
 */
export function nonEmpty(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('expected a value, not an empty one.');
  return value;
}

/**
 * Commander parser of a comma-separated list of names (`--columns a,b`, `--json a,b`): one
 * that names none (`''`, `','`) is a usage error, not the default columns without a word.
 */
export function nameList(value: string): string {
  nonEmpty(value);
  if (value.split(',').every((name) => name.trim() === '')) {
    throw new InvalidArgumentError('expected names, comma-separated (a,b).');
  }
  return value;
}

/** Commander parser of a whole number ≥ 1 (`--limit`, `--port` uses its own range). */
export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new InvalidArgumentError('expected a whole number of at least 1.');
  }
  // Past 2^53 − 1 the text no longer maps to one number: it would be sent rounded, or reach
  // the SDK's own checks (`--limit 99999999999999999999`: exit 1 in the SDK's words).
  if (!Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError(`expected a whole number from 1 to ${Number.MAX_SAFE_INTEGER}.`);
  }
  return Number(value);
}

/** Commander parser of a TCP port (0 picks a free one). */
export function port(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  }
  return Number(value);
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * The longest duration: a timer's largest delay (2^31 − 1 ms, about 24.8 days). Node fires a
 * longer one after 1 ms, and the SDK refuses one (a `configuration` error, exit 1).
 */
const MAX_DURATION_MS = 2_147_483_647;

/** One `<number><unit>` part of a Go-style duration. */
const DURATION_PART = /(\d+(?:\.\d+)?|\.\d+)(ms|s|m|h)/y;

/**
 * Commander parser of a duration to whole ms: Go's form, as gh, hcloud and kubectl take it
 * (`90s`, `1m30s`, `1h`, `500ms`, `1.5h`: numbers each with a unit, ms/s/m/h), or a bare
 * number of seconds (`90`). Timers take whole ms (`0.25ms` failed deep in fetch), so it is
 * rounded, to 1 at least.
 */
export function duration(value: string): number {
  const text = value.trim();
  let ms: number | undefined;
  if (/^\d+(?:\.\d+)?$/.test(text)) ms = Number(text) * UNIT_MS.s!;
  else if (text !== '') {
    ms = 0;
    DURATION_PART.lastIndex = 0;
    while (DURATION_PART.lastIndex < text.length) {
      const part = DURATION_PART.exec(text);
      if (!part) {
        ms = undefined;
        break;
      }
      ms += Number(part[1]) * UNIT_MS[part[2]!]!;
    }
  }
  if (ms === undefined) {
    throw new InvalidArgumentError('expected a duration such as 30s, 1m30s, 2h or 500ms.');
  }
  if (ms <= 0) throw new InvalidArgumentError('expected a duration above zero.');
  if (ms > MAX_DURATION_MS) {
    throw new InvalidArgumentError(
      `expected a duration of at most ${MAX_DURATION_MS}ms (about 596h).`,
    );
  }
  return Math.max(1, Math.round(ms));
}

/** Commander parser of a telemetry window (`24h`, `7d`, a bare number is hours) to hours. */
export function windowHours(value: string): number {
  const match = /^(\d+)(h|d)?$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('expected a window such as 1h, 24h or 7d.');
  const hours = Number(match[1]) * (match[2] === 'd' ? 24 : 1);
  if (hours < 1 || hours > 720) throw new InvalidArgumentError('expected 1h to 720h (30d).');
  return hours;
}

/** Commander collector for repeatable options (`--addon A=1 --addon B=2`); none empty. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), nonEmpty(value)];
}
