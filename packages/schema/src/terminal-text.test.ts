import { describe, expect, it } from 'vitest';
import { escapeControls, escapeControlsInLines, hasControls } from './terminal-text';
import { isFreeText } from './unsafe-chars';

describe('escapeControls', () => {
  it('shows what the free-text rule refuses, and only that', () => {
    for (let code = 0; code <= 0x206f; code++) {
      const char = String.fromCharCode(code);
      expect(hasControls(char), char).toBe(!isFreeText(char));
      expect(escapeControls(char) === char, char).toBe(isFreeText(char));
    }
  });

  it('uses caret notation for controls and the code point for bidi controls', () => {
    expect(escapeControls('\u001b]52;c;eA==\u0007\u009b2J\u202Eexe\r\n')).toBe(
      '^[]52;c;eA==^G^[[2J<U+202E>exe^M^J',
    );
    expect(escapeControlsInLines('a\u001b[2J\r\nb\rc\n')).toBe('a^[[2J\r\nb^Mc\n');
  });
});
