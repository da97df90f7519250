import { describe, expect, it } from 'vitest';
import { ControlState } from '../controls/control-state';
import { faultsControl } from '../controls/faults';
import { controlSlices } from '../controls/registry';
import type { ServerContext } from './server-context';
import { createStamper } from './wal-entry';

function stamper() {
  const controls = new ControlState(controlSlices);
  // The stamper reads the clock and the controls only.
  const ctx = { controls, clock: { nowMs: () => 5, frozen: false } } as unknown as ServerContext;
  return { controls, stamp: createStamper(ctx) };
}

const controlsOf = (stamp: string) => JSON.parse(`{${stamp}}`).controls;

describe('createStamper', () => {
  it('stamps the controls on a file’s first line and on the line after each change', () => {
    const { controls, stamp } = stamper();
    expect(controlsOf(stamp(true)).faults.power).toBe('ok');
    expect(controlsOf(stamp(false))).toBeUndefined();
    controls.set(faultsControl, { power: 'reject' });
    expect(controlsOf(stamp(false)).faults.power).toBe('reject');
    expect(controlsOf(stamp(false))).toBeUndefined();
    expect(controlsOf(stamp(true)).faults.power).toBe('reject');
    controls.reset();
    expect(controlsOf(stamp(false)).faults.power).toBe('ok');
    controls.import({ faults: { power: 'fail', shield: 'ok', latencyMs: 0 } });
    expect(controlsOf(stamp(false)).faults.power).toBe('fail');
  });

  it('adds nothing for a change back to the value the last line carried', () => {
    const { controls, stamp } = stamper();
    stamp(true);
    controls.set(faultsControl, { power: 'ok' });
    expect(controlsOf(stamp(false))).toBeUndefined();
  });
});
