import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  collect,
  duration,
  nameList,
  nonEmpty,
  port,
  positiveInt,
  windowHours,
} from './arg-parsers';

describe('argument parsers', () => {
  it('parses positive integers only', () => {
    expect(positiveInt('230')).toBe(230);
    for (const bad of ['0', '-1', '1.5', 'abc', '']) {
      expect(() => positiveInt(bad)).toThrow(InvalidArgumentError);
    }
  });

  it('refuses a whole number past 2^53 − 1 as a usage error, not a rounded one', () => {
    // `-L 99999999999999999999` reached the SDK as 1e20 and failed there (exit 1, its words).
    expect(positiveInt('9007199254740991')).toBe(9_007_199_254_740_991);
    for (const huge of ['9007199254740992', '99999999999999999999']) {
      expect(() => positiveInt(huge), huge).toThrow(
        'expected a whole number from 1 to 9007199254740991.',
      );
    }
  });

  it('parses ports including 0', () => {
    expect(port('0')).toBe(0);
    expect(() => port('65536')).toThrow(InvalidArgumentError);
  });

  it('parses durations to milliseconds', () => {
    expect(duration('90')).toBe(90_000);
    expect(duration('1.5s')).toBe(1500);
    expect(duration('2m')).toBe(120_000);
    expect(duration('250ms')).toBe(250);
    expect(() => duration('0s')).toThrow(InvalidArgumentError);
    expect(() => duration('soon')).toThrow(InvalidArgumentError);
  });

  it('parses Go-style durations, as gh, hcloud and kubectl take them', () => {
    expect(duration('1m30s')).toBe(90_000);
    expect(duration('1h')).toBe(3_600_000);
    expect(duration('2h45m')).toBe(9_900_000);
    expect(duration('1h0m0.5s')).toBe(3_600_500);
    expect(duration('1s500ms')).toBe(1500);
    expect(duration('1.5h')).toBe(5_400_000);
    expect(duration('.5s')).toBe(500);
    for (const bad of ['1m30', 'm30s', '1m 30s', '1d', '-1m', '1m-30s', 's', '']) {
      expect(() => duration(bad), bad).toThrow(
        'expected a duration such as 30s, 1m30s, 2h or 500ms.',
      );
    }
    expect(() => duration('0h0m0s')).toThrow('expected a duration above zero.');
    expect(() => duration('596h32m')).toThrow('expected a duration of at most');
  });

  it('takes durations up to a timer’s longest (2^31 − 1 ms), in whole milliseconds', () => {
    expect(duration('2147483647ms')).toBe(2_147_483_647);
    expect(duration('596h')).toBe(596 * 3_600_000);
    for (const long of ['2147483648ms', '597h', '600h', '2147484s']) {
      expect(() => duration(long), long).toThrow(InvalidArgumentError);
    }
    expect(() => duration('600h')).toThrow(
      'expected a duration of at most 2147483647ms (about 596h).',
    );
    // Timers take whole milliseconds (a fraction failed in AbortSignal.timeout).
    expect(duration('0.25ms')).toBe(1);
    expect(duration('1.5ms')).toBe(2);
    expect(duration('1.1s')).toBe(1100);
  });

  it('parses windows to hours within 1..720', () => {
    expect(windowHours('24h')).toBe(24);
    expect(windowHours('7d')).toBe(168);
    expect(windowHours('3')).toBe(3);
    expect(() => windowHours('31d')).toThrow(InvalidArgumentError);
    expect(() => windowHours('0h')).toThrow(InvalidArgumentError);
  });

  it('collects repeated options', () => {
    expect(collect('b', collect('a', undefined))).toEqual(['a', 'b']);
    expect(() => collect('', ['a'])).toThrow('expected a value, not an empty one.');
  });

  it('refuses a list of names that names none, keeping any other as given', () => {
    expect(nameList('a, b,,')).toBe('a, b,,');
    for (const none of [',', ' , ', ',,']) {
      expect(() => nameList(none)).toThrow('expected names, comma-separated (a,b).');
    }
    expect(() => nameList('')).toThrow('expected a value, not an empty one.');
  });

  it('refuses empty text, keeping any other as given', () => {
    expect(nonEmpty(' a,b ')).toBe(' a,b ');
    for (const empty of ['', ' ', '\t']) {
      expect(() => nonEmpty(empty)).toThrow('expected a value, not an empty one.');
    }
  });
});
