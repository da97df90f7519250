import { describe, expect, it } from 'vitest';
import { textWidth, truncate } from './text-width';

describe('textWidth', () => {
  it('counts one cell per printable ASCII character', () => {
    expect(textWidth('REF-SVC-101')).toBe(11);
    expect(textWidth('')).toBe(0);
  });

  it('counts East Asian wide characters and emoji as two cells, combined marks as none', () => {
    expect(textWidth('東京')).toBe(4);
    expect(textWidth('ok 🚀')).toBe(5);
    expect(textWidth('e\u0301')).toBe(1);
  });
});

describe('truncate', () => {
  it('keeps text that fits', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('東京', 4)).toBe('東京');
  });

  it('cuts ASCII to the width, ending in an ellipsis', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abcdef', 1)).toBe('…');
  });

  it('never splits a wide character or a grapheme across the cut', () => {
    expect(truncate('東京都', 4)).toBe('東…');
    expect(truncate('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301…');
  });
});
