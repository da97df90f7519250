import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DueAlarm } from './due-alarm';
import type { ServerContext } from './server-context';

// A state whose clock runs with the fake timers and whose one event falls due at `dueMs`.
function state(dueMs: number, options: { frozen?: boolean } = {}) {
  let onNextDue = () => {};
  let writable = true;
  const applied: number[] = [];
  const time = {
    nextDueMs: dueMs,
    onNextDue: (listener: () => void) => {
      onNextDue = listener;
    },
    catchUp: async () => {
      applied.push(Date.now());
      time.nextDueMs = Number.POSITIVE_INFINITY;
      onNextDue();
      return [];
    },
  };
  const ctx = {
    clock: { nowMs: () => Date.now(), frozen: options.frozen ?? false },
    time,
    pending: null,
    durability: {
      checkWritable: () => {
        if (!writable) throw new Error('unavailable');
      },
    },
    onError: (error: unknown) => {
      throw error;
    },
  } as unknown as ServerContext;
  return { ctx, applied, refuseWrites: (refused: boolean) => (writable = !refused) };
}

describe('DueAlarm', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies what is due at its due time, not before', async () => {
    const { ctx, applied } = state(5_000);
    new DueAlarm(ctx).start();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(applied).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(applied).toEqual([5_000]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sets no timer on a frozen clock, and none once stopped', () => {
    new DueAlarm(state(5_000, { frozen: true }).ctx).start();
    expect(vi.getTimerCount()).toBe(0);
    const alarm = new DueAlarm(state(5_000).ctx);
    alarm.start();
    alarm.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tries again every second while the state file refuses writes', async () => {
    const { ctx, applied, refuseWrites } = state(1_000);
    refuseWrites(true);
    new DueAlarm(ctx).start();
    await vi.advanceTimersByTimeAsync(3_500);
    expect(applied).toEqual([]);
    refuseWrites(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(applied).toEqual([4_000]);
  });
});
