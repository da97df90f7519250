import { describe, expect, it } from 'vitest';
import { bodyTextOf, parseJsonBody } from './body-text';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('bodyTextOf', () => {
  it('decodes UTF-8 in any script as sent, flagging nothing', () => {
    const text = '{"name":"Bloquer l’UDP 🛡️ ブロック ÿ"}';
    expect(bodyTextOf(utf8(text))).toEqual({ body: text });
  });

  it.each([
    ['a byte no UTF-8 holds', [0xff], '\uFFFD'],
    ['a lone continuation byte', [0x80], '\uFFFD'],
    ['a lead byte without its continuation', [0xc3, 0x20], '\uFFFD '],
    ['an overlong encoding of /', [0xc0, 0xaf], '\uFFFD\uFFFD'],
    ['an encoded surrogate', [0xed, 0xa0, 0x80], '\uFFFD\uFFFD\uFFFD'],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], '\uFFFD\uFFFD\uFFFD\uFFFD'],
    ['a character cut at the end', [0xf0, 0x9f, 0x9b], '\uFFFD'],
  ])('flags %s, showing U+FFFD for it', (_what, bad, shown) => {
    const bytes = Uint8Array.from([...utf8('{"a":"x'), ...bad, ...utf8('"}')]);
    expect(bodyTextOf(bytes)).toEqual({ body: `{"a":"x${shown}"}`, notUtf8: true });
  });

  it('keeps a byte order mark, so the body is not JSON (as node:http always read it)', () => {
    const { body, notUtf8 } = bodyTextOf(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('{}')]));
    expect([body, notUtf8]).toEqual(['\uFEFF{}', undefined]);
    expect(() => parseJsonBody({ body })).toThrow(SyntaxError);
  });
});

describe('parseJsonBody', () => {
  it('parses the JSON of a UTF-8 body', () => {
    expect(parseJsonBody({ body: '{"a":"ü"}' })).toEqual({ a: 'ü' });
    expect(parseJsonBody({ body: '{"a":1}', bodyNotUtf8: false })).toEqual({ a: 1 });
  });

  it('throws for a body that was not UTF-8, even when its text would parse', () => {
    expect(() => parseJsonBody({ body: '{"a":"\uFFFD"}', bodyNotUtf8: true })).toThrow(SyntaxError);
  });
});
