import { describe, expect, it } from 'vitest';
import { UnitGate } from './unit-gate';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('UnitGate', () => {
  it('admits units at once while no exclusive task runs', () => {
    const gate = new UnitGate();
    expect(gate.enter()).toBeUndefined();
    expect(gate.enter()).toBeUndefined();
    expect(gate.active).toBe(2);
  });

  it('runs an exclusive task only once the units inside left, holding new ones back', async () => {
    const gate = new UnitGate();
    const events: string[] = [];
    gate.enter();
    const task = gate.exclusive(() => {
      events.push(`task with ${gate.active} inside`);
      return 'done';
    });
    const late = gate.enter();
    expect(late).toBeInstanceOf(Promise);
    void late?.then(() => events.push('late unit admitted'));
    await tick();
    expect(events).toEqual([]);
    gate.leave();
    expect(await task).toBe('done');
    await late;
    expect(events).toEqual(['task with 0 inside', 'late unit admitted']);
    expect(gate.active).toBe(1);
  });

  it('queues exclusive tasks and survives a failing one', async () => {
    const gate = new UnitGate();
    const order: number[] = [];
    const first = gate.exclusive(async () => {
      await tick();
      order.push(1);
      throw new Error('boom');
    });
    const second = gate.exclusive(() => order.push(2));
    await expect(first).rejects.toThrow('boom');
    await second;
    expect(order).toEqual([1, 2]);
    expect(gate.enter()).toBeUndefined();
  });
});
