import { operations } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { ControlState } from '../../controls/control-state';
import { controlSlices } from '../../controls/registry';
import { shieldPauseControl } from '../../controls/shield-pause';
import { pauseGate } from './pause-gate';
import { testState } from './test-state';

const shield = (paused: boolean) => {
  const controls = new ControlState(controlSlices);
  controls.set(shieldPauseControl, { paused, retryAfterSeconds: 7 });
  return { controls };
};

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
