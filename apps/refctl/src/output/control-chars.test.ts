import { describe, expect, it } from 'vitest';
import { escapeControls, escapeControlsInLines, escapeSerialized } from './control-chars';

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

  it('shows bidi embeddings, overrides and isolates by their code point', () => {
    expect(escapeControls('invoice\u202Efdp.exe')).toBe('invoice<U+202E>fdp.exe');
    expect(escapeControls('\u202A\u202B\u202C\u202D')).toBe('<U+202A><U+202B><U+202C><U+202D>');
    expect(escapeControls('\u2066a\u2067b\u2068c\u2069')).toBe(
      '<U+2066>a<U+2067>b<U+2068>c<U+2069>',
    );
  });

  it('keeps printable text, accents, emoji and right-to-left marks as they are', () => {
    const text = 'Zoë – 東京 🚀 ~! שלום\u200F';
    expect(escapeControls(text)).toBe(text);
  });
});

describe('escapeControlsInLines', () => {
  it('keeps line breaks (LF and CRLF) and escapes the rest', () => {
    expect(escapeControlsInLines('one\ntwo\r\u001b[1A')).toBe('one\ntwo^M^[[1A');
    expect(escapeControlsInLines('a,b\r\n\u009b2J,\u202Ec\r\n')).toBe('a,b\r\n^[[2J,<U+202E>c\r\n');
  });
});

describe('escapeSerialized', () => {
  it('writes what JSON.stringify leaves raw as \\u escapes, so the JSON parses the same', () => {
    const value = { name: 'a\u009b2J\u007f\u202Eb\u2066', esc: '\u001b', ok: 'Zoë\u200F' };
    const text = escapeSerialized(JSON.stringify(value));
    expect(text).toBe(
      '{"name":"a\\u009b2J\\u007f\\u202eb\\u2066","esc":"\\u001b","ok":"Zoë\u200F"}',
    );
    expect(JSON.parse(text)).toEqual(value);
  });
});
