import { operations } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { pauseGate } from './pause-gate';
import { testState } from './test-state';

const shield = (paused: boolean) => ({ shield: { paused, retryAfterSeconds: 7 } });

describe('pauseGate', () => {
  it('refuses a pausable operation while paused with 503 and Retry-After', () => {
    const state = testState(operations.listShieldRules, {}, shield(true));
    expect(() => pauseGate(state)).toThrow(
      expect.objectContaining({
        status: 503,
        code: 'shield_paused',
        headers: { 'retry-after': '7' },
      }),
    );
  });

  it('lets other operations through while paused, and everything when not paused', () => {
    expect(() => pauseGate(testState(operations.listServices, {}, shield(true)))).not.toThrow();
    expect(() => pauseGate(testState(operations.listShieldRules, {}, shield(false)))).not.toThrow();
  });
});
