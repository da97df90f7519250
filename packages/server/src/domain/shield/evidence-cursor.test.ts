import { describe, expect, it } from 'vitest';
import { decodeEvidenceCursor, encodeEvidenceCursor } from './evidence-cursor';

const SECRET = new Uint8Array(32).fill(7);
const RULE = '0b6f7d52-7f0e-4e59-9d55-2a1f3c7e9a10';

describe('evidence cursor', () => {
  it('round-trips the position for the same rule and server', () => {
    const cursor = encodeEvidenceCursor(RULE, 41, SECRET);
    expect(cursor.length).toBeLessThanOrEqual(2048);
    expect(decodeEvidenceCursor(cursor, RULE, SECRET)).toBe(41);
  });

  it('rejects a cursor for another rule or from another server', () => {
    const cursor = encodeEvidenceCursor(RULE, 41, SECRET);
    expect(decodeEvidenceCursor(cursor, '0b6f7d52-7f0e-4e59-9d55-2a1f3c7e9a11', SECRET)).toBeNull();
    expect(decodeEvidenceCursor(cursor, RULE, new Uint8Array(32).fill(8))).toBeNull();
  });

  it('rejects every single-character change, truncation and garbage', () => {
    const cursor = encodeEvidenceCursor(RULE, 41, SECRET);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let i = 0; i < cursor.length; i++) {
      for (const c of alphabet) {
        if (c === cursor[i]) continue;
        const tampered = cursor.slice(0, i) + c + cursor.slice(i + 1);
        expect(decodeEvidenceCursor(tampered, RULE, SECRET), tampered).toBeNull();
      }
    }
    for (const bad of [cursor.slice(0, -1), `${cursor}.x`, 'abc', '.', 'x'.repeat(2048)]) {
      expect(decodeEvidenceCursor(bad, RULE, SECRET)).toBeNull();
    }
  });

  it('rejects a forged payload even with a valid-looking structure', () => {
    const [, mac] = encodeEvidenceCursor(RULE, 41, SECRET).split('.');
    const forged = Buffer.from(JSON.stringify({ r: RULE, k: 0 })).toString('base64url');
    expect(decodeEvidenceCursor(`${forged}.${mac}`, RULE, SECRET)).toBeNull();
  });
});
