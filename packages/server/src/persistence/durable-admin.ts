import { faultShortcuts, shieldShortcuts } from '../controls/admin-shortcuts';
import type { ControlAccess } from '../controls/control-state';
import type { DurationInput } from '../domain/duration';
import type { DomainError } from '../domain/errors';
import { type Admin, moveClock } from '../state/control-plane';
import type { UnitTracker } from './unit-tracker';
import { WalWriteError } from './wal-writer';

/**
 * The admin API with every change logged: scenario loads and resets run alone and
 * settle once durable; clock and control changes log a line each (they
 * are synchronous in-process; the HTTP admin API answers only once it is durable).
 * Before the state is loaded (`units` undefined) calls go straight through; while the
 * write-ahead log refuses writes, changes throw `checkWritable`'s 503 before they happen;
 * one whose own line the disk refuses, or that cannot be encoded, throws `unavailable()`
 * (503 `state_unavailable`), as API writes do, and the outage that follows loads the durable
 * state back: the change is undone.
 */
export function durableAdmin(
  admin: Admin,
  units: () => UnitTracker | undefined,
  checkWritable: () => void,
  unavailable: () => DomainError,
): Admin {
  const sync =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      const tracker = units();
      if (tracker === undefined) return fn(...args);
      checkWritable();
      return tracker.runSync(() => fn(...args));
    };
  const alone =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const tracker = units();
      if (tracker === undefined) return fn(...args);
      checkWritable();
      try {
        return await tracker.runExclusive(() => fn(...args));
      } catch (error) {
        throw error instanceof WalWriteError ? unavailable() : error;
      }
    };
  // Every control change, whichever control, logs a line (the stamp carries the controls).
  const controls: ControlAccess = {
    get: (slice) => admin.controls.get(slice),
    set: (slice, patch) => sync(() => admin.controls.set(slice, patch))(),
  };
  const clock: Admin['clock'] = {
    now: () => admin.clock.now(),
    advance: sync((duration: DurationInput) => admin.clock.advance(duration)),
    set: sync((now: string | Date) => admin.clock.set(now)),
    freeze: sync((frozen?: boolean) => admin.clock.freeze(frozen)),
    move: (duration) => moveClock(clock, duration),
    // Changes nothing, so it logs nothing; `advance` and `set` refuse a move through it.
    checkMove: (toMs) => admin.clock.checkMove(toMs),
    // Outside any unit: each event's commit is a line of its own, in due order (the
    // catch-up itself applies nothing while the write-ahead log refuses writes).
    catchUp: () => admin.clock.catchUp(),
    view: () => admin.clock.view(),
  };
  return {
    loadScenario: alone((document: unknown) => admin.loadScenario(document)),
    reset: alone(() => admin.reset()),
    state: () => admin.state(),
    clock,
    // The top-up and the settlements it pays for: one line, durable when it settles.
    topUp: alone((accountRef: string, amount: number) => admin.topUp(accountRef, amount)),
    shield: shieldShortcuts(controls),
    faults: faultShortcuts(controls),
    controls,
    requests: () => admin.requests(),
    // Snapshots live in memory; restoring one changes the state, so it is logged (see
    // `onRestoreSnapshot`) and runs alone like a reset. A queued failure is not state.
    snapshots: {
      ...admin.snapshots,
      restore: alone((name: string) => admin.snapshots.restore(name)),
    },
    failNext: (...args) => admin.failNext(...args),
  };
}
