import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ExtensionModule } from './extension-module';
import { Extensions } from './live-extensions';

// A module registered in a test-only list: a counter whose snapshot is `{ count }`.
class Counter {
  constructor(
    public count: number,
    private readonly report: (change: unknown) => void,
  ) {}
  add(n: number): void {
    this.count += n;
    this.report({ add: n });
  }
}
const CounterSnapshot = z.strictObject({ count: z.int() });
const counter: ExtensionModule<Counter, typeof CounterSnapshot> = {
  name: 'counter',
  snapshotSchema: CounterSnapshot,
  create: (snapshot, env) => new Counter(snapshot?.count ?? 0, env.report),
  applyChange: (state, change) => {
    state.count += (change as { add: number }).add;
  },
  exportState: (state) => ({ count: state.count }),
  // A mutable state: a fork is a copy.
  fork: (state, env) => new Counter(state.count, env.report),
};
const NOW = new Date('2026-01-01T00:00:00Z');

describe('Extensions', () => {
  it('creates a module from its validated snapshot on first use and exports it back', () => {
    const extensions = new Extensions([counter], () => NOW);
    extensions.load({ counter: { count: 2 }, other: { kept: true } });
    const changes: unknown[] = [];
    extensions.onChange((name, change) => changes.push([name, change]));
    extensions.get(counter).add(3);
    expect(changes).toEqual([['counter', { add: 3 }]]);
    // Names no module has pass through untouched (documents of newer servers).
    expect(extensions.export()).toEqual({ counter: { count: 5 }, other: { kept: true } });
  });

  it('replays a change by module name, and refuses a module it does not have', () => {
    const extensions = new Extensions([counter], () => NOW);
    extensions.load(undefined);
    extensions.applyChange('counter', { add: 4 });
    expect(extensions.get(counter).count).toBe(4);
    expect(() => extensions.applyChange('turbo', {})).toThrow('change of unknown module turbo');
  });

  it('drops live states on load, and refuses a snapshot its schema does not accept', () => {
    const extensions = new Extensions([counter], () => NOW);
    extensions.load({ counter: { count: 1 } });
    extensions.get(counter).add(1);
    extensions.load({ counter: { count: 'x' } });
    expect(() => extensions.get(counter)).toThrow();
    extensions.load(undefined);
    expect(extensions.get(counter).count).toBe(0);
  });

  it('forks live states into another server, which reports its own changes; the source moves on alone', () => {
    const source = new Extensions([counter], () => NOW);
    source.load({ counter: { count: 1 } });
    source.get(counter).add(1);
    const fork = source.fork();
    source.get(counter).add(10);

    const space = new Extensions([counter], () => NOW);
    const changes: unknown[] = [];
    space.onChange((name, change) => changes.push([name, change]));
    space.restore(fork);
    expect(space.get(counter).count).toBe(2);
    space.get(counter).add(5);
    expect(changes).toEqual([['counter', { add: 5 }]]);
    expect(source.get(counter).count).toBe(12);
    // The fork stays as it was: restoring it again gives the same state.
    space.restore(fork);
    expect(space.get(counter).count).toBe(2);
  });
});
