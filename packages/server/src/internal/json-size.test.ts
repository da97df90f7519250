import { describe, expect, it } from 'vitest';
import { fitJsonString, utf8Bytes } from './json-size';

const SAMPLES = [
  '',
  'plain ascii',
  '"quoted" \\ slash',
  '\u0000\u0001\u001f\b\t\n\f\r\u007f',
  'é ß € 𝄞 ✓ \u2028',
  'lone \ud800 high and \udc00 low, pair \ud83d\ude00',
  '\u0001'.repeat(100),
];
const literalBytes = (text: string) => Buffer.byteLength(JSON.stringify(text));

describe('json sizes', () => {
  it('count UTF-8 bytes as Buffer does for well-formed text', () => {
    for (const text of SAMPLES.slice(0, 5)) expect(utf8Bytes(text)).toBe(Buffer.byteLength(text));
  });

  it('fit a whole string when the budget allows, sized as JSON.stringify writes it', () => {
    for (const text of SAMPLES) {
      expect(fitJsonString(text, Number.MAX_SAFE_INTEGER)).toEqual({
        length: text.length,
        bytes: literalBytes(text),
      });
    }
  });

  it('cut to the longest prefix that fits, never inside a surrogate pair', () => {
    for (const text of SAMPLES) {
      for (let max = 2; max <= literalBytes(text); max++) {
        const { length, bytes } = fitJsonString(text, max);
        const prefix = text.slice(0, length);
        expect(literalBytes(prefix)).toBe(bytes);
        expect(bytes).toBeLessThanOrEqual(max);
        if (length < text.length) {
          const longer = text.slice(0, length + (text.codePointAt(length)! > 0xffff ? 2 : 1));
          expect(literalBytes(longer)).toBeGreaterThan(max);
        }
      }
    }
  });
});
