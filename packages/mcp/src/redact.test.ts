import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('replaces a secret wherever it appears, and leaves the rest alone', () => {
    const value = { a: 'x refak_secret_1 y', b: [{ c: 'refak_secret_1' }], d: 1 };
    expect(redactSecrets(value, ['refak_secret_1'])).toEqual({
      a: 'x [redacted] y',
      b: [{ c: '[redacted]' }],
      d: 1,
    });
    const clean = { a: 'nothing' };
    expect(redactSecrets(clean, ['refak_secret_1'])).toBe(clean);
  });
});
