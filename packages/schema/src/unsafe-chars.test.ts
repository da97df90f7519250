import { describe, expect, it } from 'vitest';
import { FreeText } from './free-text';
import { isFreeText, UNSAFE_CHARS } from './unsafe-chars';

const samples = [
  'drop dns',
  'ブロック',
  'שלום\u200f',
  '🛡️ shield',
  '',
  'a\u0000b',
  'a\tb',
  '\u001b[31mred',
  'a\u007fb',
  'a\u009bb',
  'abc\u202Etxt.exe',
  '\u2068a',
  'a\uD83D',
  '\uDE00a',
  '\uDE00\uD83D',
];

describe('isFreeText', () => {
  it.each(samples)('agrees with the FreeText schema on %j', (text) => {
    expect(isFreeText(text)).toBe(FreeText.safeParse(text).success);
  });

  it('refuses the C0/C1 controls and the bidi embeddings, overrides and isolates only', () => {
    const refused = (code: number) =>
      code <= 0x1f ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069);
    for (let code = 0; code < 0x3000; code++) {
      const char = String.fromCharCode(code);
      expect(isFreeText(char), code.toString(16)).toBe(!refused(code));
      expect(new RegExp(`[${UNSAFE_CHARS}]`).test(char)).toBe(refused(code));
    }
  });
});
