import { describe, expect, it } from 'vitest';
import { escapeControls, escapeControlsInLines } from './control-chars';

describe('escapeControls', () => {
  it('shows terminal control sequences in caret notation', () => {
    expect(escapeControls('\u001b]0;pwned\u0007rule')).toBe('^[]0;pwned^Grule');
    expect(escapeControls('\u001b[2K\rfake line')).toBe('^[[2K^Mfake line');
    expect(escapeControls('a\tb\nc\u007f')).toBe('a^Ib^Jc^?');
  });

  it('escapes C1 controls as their 7-bit ESC form', () => {
    expect(escapeControls('\u009b31mred')).toBe('^[[31mred');
    expect(escapeControls('\u0085')).toBe('^[E');
  });

  it('keeps printable text, accents and emoji as they are', () => {
    const text = 'Zoë – 東京 🚀 ~!';
    expect(escapeControls(text)).toBe(text);
  });
});

describe('escapeControlsInLines', () => {
  it('keeps line breaks and escapes the rest', () => {
    expect(escapeControlsInLines('one\ntwo\r\u001b[1A')).toBe('one\ntwo^M^[[1A');
  });
});
