import { describe, expect, it } from 'vitest';
import { FailedAttempts, MAX_FAILED_ATTEMPTS } from './failed-attempts';

describe('FailedAttempts', () => {
  it('refuses an address after ten different failures until its window ends', () => {
    let now = 1_000;
    const attempts = new FailedAttempts(() => now);
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) {
      expect(attempts.retryAfter('192.0.2.1')).toBe(0);
      attempts.fail('192.0.2.1', `guess-${i}`);
      now += 1_000;
    }
    expect(attempts.retryAfter('192.0.2.1')).toBe(50);
    expect(attempts.retryAfter('192.0.2.2')).toBe(0);
    now += 49_500;
    expect(attempts.retryAfter('192.0.2.1')).toBe(1);
    now += 500;
    expect(attempts.retryAfter('192.0.2.1')).toBe(0);
    attempts.fail('192.0.2.1', 'guess-x');
    expect(attempts.retryAfter('192.0.2.1')).toBe(0);
  });

  it('counts the same wrong credential once', () => {
    const attempts = new FailedAttempts(() => 0);
    for (let i = 0; i < 100; i++) attempts.fail('192.0.2.1', i % 2 === 0 ? 'stale' : 'typo');
    expect(attempts.retryAfter('192.0.2.1')).toBe(0);
  });

  it('tracks a bounded number of addresses, forgetting the least recently failing', () => {
    const attempts = new FailedAttempts(() => 0, { attempts: 2, windowMs: 60_000, tracked: 100 });
    attempts.fail('keep', 'a');
    for (let i = 0; i < 20_000; i++) {
      attempts.fail(`addr-${i}`, 'a');
      if (i % 50 === 0) attempts.fail('keep', 'b');
    }
    expect(attempts.size).toBe(100);
    expect(attempts.retryAfter('keep')).toBe(60);
    expect(attempts.retryAfter('addr-0')).toBe(0);
  });
});
