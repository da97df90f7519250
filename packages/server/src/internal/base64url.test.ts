import { describe, expect, it } from 'vitest';
import { base64UrlDecodeText, base64UrlEncode } from './base64url';

describe('base64url', () => {
  it('encodes like Buffer and round-trips UTF-8 text', () => {
    for (const text of ['', 'f', 'fo', 'foo', '{"r":"x","k":41}', '>>>???ü€𝄞']) {
      expect(base64UrlEncode(text)).toBe(Buffer.from(text).toString('base64url'));
      expect(base64UrlDecodeText(base64UrlEncode(text))).toBe(text);
    }
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64UrlEncode(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });

  it('throws on text that is not base64url or not UTF-8', () => {
    for (const bad of ['a+b', 'a/b', 'ab=c', 'a b', 'A']) {
      expect(() => base64UrlDecodeText(bad), bad).toThrow();
    }
    expect(() => base64UrlDecodeText(base64UrlEncode(Uint8Array.of(0xff, 0xfe)))).toThrow();
  });
});
