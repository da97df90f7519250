import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  constantTimeEqual,
  constantTimeEqualText,
  hmacSha256,
  portableSha256,
  randomBytes,
  randomUUID,
  sha256,
  sha256Hex,
  toHex,
} from './crypto';

describe('platform-neutral crypto', () => {
  it('hashes and signs exactly like node:crypto', () => {
    for (const text of ['', 'abc', 'refak_demo_eur_full', 'ü€𝄞'.repeat(40)]) {
      expect(toHex(sha256(text))).toBe(createHash('sha256').update(text).digest('hex'));
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
      // The browser's path (no native hash there), and bytes as well as text.
      expect(toHex(portableSha256(text))).toBe(createHash('sha256').update(text).digest('hex'));
      const bytes = new TextEncoder().encode(text);
      expect(sha256(bytes)).toEqual(portableSha256(bytes));
      const key = new TextEncoder().encode(`key:${text}`);
      expect(toHex(hmacSha256(key, text))).toBe(
        createHmac('sha256', key).update(text).digest('hex'),
      );
    }
  });

  it('compares equal-length secrets and rejects any difference or other length', () => {
    const a = sha256('a');
    expect(constantTimeEqual(a, sha256('a'))).toBe(true);
    expect(constantTimeEqual(a, sha256('b'))).toBe(false);
    expect(constantTimeEqual(a, a.subarray(0, 31))).toBe(false);
    const flipped = Uint8Array.from(a);
    flipped[31] = (flipped[31] as number) ^ 1;
    expect(constantTimeEqual(a, flipped)).toBe(false);
    const hex = sha256Hex('a');
    expect(constantTimeEqualText(hex, sha256Hex('a'))).toBe(true);
    expect(constantTimeEqualText(hex, sha256Hex('b'))).toBe(false);
    expect(constantTimeEqualText(hex, hex.slice(1))).toBe(false);
  });

  it('draws random bytes and v4 UUIDs', () => {
    expect(randomBytes(32)).toHaveLength(32);
    expect(toHex(randomBytes(16))).not.toBe(toHex(randomBytes(16)));
    expect(randomUUID()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
