import { describe, expect, it } from 'vitest';
import { FreeText } from './free-text';

const accepts = (value: string) => FreeText.safeParse(value).success;

describe('FreeText', () => {
  it('accepts printable text in any script, emoji (surrogate pairs) included', () => {
    for (const text of ['drop dns', 'Bloquer l’UDP', 'ブロック', 'שלום', '🛡️ shield', '']) {
      expect(accepts(text), text).toBe(true);
    }
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['tab', 'a\tb'],
    ['newline', 'a\nb'],
    ['ESC (terminal escape)', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['C1 control (CSI)', 'a\u009bb'],
    ['bidi override RLO', 'abc\u202Etxt.exe'],
    ['bidi embedding LRE', '\u202Aa'],
    ['bidi isolate FSI', '\u2068a'],
    ['lone high surrogate', 'a\uD83D'],
    ['lone low surrogate', '\uDE00a'],
    ['reversed pair', '\uDE00\uD83D'],
  ])('refuses %s', (_name, text) => {
    expect(accepts(text)).toBe(false);
  });
});
