import { describe, expect, it } from 'vitest';
import { decodeLine, encodeLine } from './wal-line';

describe('journal lines', () => {
  it('round-trip JSON with a checksum and one newline', () => {
    const line = encodeLine('{"a":"é ✓","n":1}');
    expect(line).toMatch(/^[0-9a-f]{8} \{.*\}\n$/);
    expect(decodeLine(line.slice(0, -1))).toEqual({ ok: true, value: { a: 'é ✓', n: 1 } });
  });

  it('detect a flipped character, a cut line and a missing checksum', () => {
    const line = encodeLine('{"balance_cents":1000}').slice(0, -1);
    expect(decodeLine(line.replace('1000', '9000'))).toEqual({
      ok: false,
      reason: 'checksum mismatch',
    });
    expect(decodeLine(line.slice(0, 20))).toMatchObject({ ok: false });
    expect(decodeLine('{"balance_cents":1000}')).toEqual({ ok: false, reason: 'no checksum' });
  });
});
