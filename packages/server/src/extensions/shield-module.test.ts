import { describe, expect, it } from 'vitest';
import { createCustomRule } from '../domain/shield/rule-commands';
import { emptyShieldState } from '../domain/shield/state';
import { ShieldModule, type ShieldModuleChange } from './shield-module';

const NOW = new Date('2026-01-01T00:00:00Z');
const TARGET = {
  account_ref: 'REF-ACCT-1',
  service_ref: 'REF-SVC-1',
  protected_ip: '203.0.113.10',
};

describe('ShieldModule snapshots', () => {
  it('starts empty without a snapshot', () => {
    const module = ShieldModule.fromSnapshot(undefined, NOW);
    expect(module.state).toEqual(emptyShieldState());
    expect(module.infrastructureSince).toEqual(NOW);
  });

  it('round-trips its state through exportState()', () => {
    const outcome = createCustomRule(
      emptyShieldState(),
      TARGET,
      {
        name: 'r',
        mode: 'enforce',
        action: 'drop',
        risk: 'low',
        protocol: 'udp',
        destination_port: 53,
        duration_hours: 1,
      },
      { now: NOW.getTime(), newId: () => '0b6f7d52-7f0e-4e59-9d55-2a1f3c7e9a10' },
    );
    if (!outcome.ok) throw new Error('refused');
    const module = new ShieldModule(outcome.state, new Date('2025-12-01T00:00:00Z'));
    const snapshot = JSON.parse(JSON.stringify(module.exportState()));
    const restored = ShieldModule.fromSnapshot(snapshot, NOW);
    expect(restored.state).toEqual(module.state);
    expect(restored.infrastructureSince).toEqual(module.infrastructureSince);
  });

  it('refuses a malformed snapshot instead of running on half a state', () => {
    const bad = {
      version: 1,
      infrastructure_since: NOW.toISOString(),
      rules: [{ id: 1 }],
      profiles: [],
      next_seq: 1,
    };
    expect(() => ShieldModule.fromSnapshot(bad, NOW)).toThrow();
    expect(() => ShieldModule.fromSnapshot({ version: 2 }, NOW)).toThrow();
  });
});

describe('ShieldModule changes', () => {
  it('reports its start and each state change, which replay to the same module', () => {
    const reported: ShieldModuleChange[] = [];
    const module = ShieldModule.fromSnapshot(undefined, NOW, (change) => reported.push(change));
    const intent = {
      name: 'r',
      mode: 'enforce',
      action: 'drop',
      risk: 'low',
      protocol: 'udp',
      destination_port: 53,
    } as const;
    for (const id of [
      '0b6f7d52-7f0e-4e59-9d55-2a1f3c7e9a10',
      '1b6f7d52-7f0e-4e59-9d55-2a1f3c7e9a10',
    ]) {
      const outcome = createCustomRule(module.state, TARGET, intent, {
        now: NOW.getTime(),
        newId: () => id,
      });
      if (!outcome.ok) throw new Error('refused');
      module.state = outcome.state;
    }
    // Setting an equal state (a settle with nothing due) reports nothing.
    const unchanged = module.state;
    module.state = { ...unchanged };
    expect(reported).toHaveLength(3);
    expect(reported[0]).toEqual({ since: NOW.toISOString() });
    // The second change carries the second rule only.
    expect(reported[2]?.diff?.rules?.upsert).toHaveLength(1);

    const replayed = ShieldModule.fromSnapshot(undefined, new Date('2030-01-01T00:00:00Z'));
    for (const change of reported) replayed.applyChange(JSON.parse(JSON.stringify(change)));
    expect(replayed.exportState()).toEqual(module.exportState());
  });
});
