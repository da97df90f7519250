import { faultShortcuts, shieldShortcuts } from '../controls/admin-shortcuts';
import type { ControlAccess } from '../controls/control-state';
import type { DomainError } from '../domain/errors';
import type { Admin } from '../state/control-plane';
import type { UnitTracker } from './unit-tracker';
import { WalWriteError } from './wal-writer';

/**
 * The admin API with every change logged: scenario loads and resets run alone and
 * settle once durable; clock and control changes log a line each (they
 * are synchronous in-process; the HTTP admin API answers only once it is durable).
 * Before the state is loaded (`units` undefined) calls go straight through; while the
 * write-ahead log refuses writes, changes throw `checkWritable`'s 503 before they happen;
 * one whose own line the disk refuses throws `unavailable()` (503 `state_unavailable`), as
 * API writes do.
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
  return {
    loadScenario: alone((document: unknown) => admin.loadScenario(document)),
    reset: alone(() => admin.reset()),
    state: () => admin.state(),
    clock: {
      now: () => admin.clock.now(),
      advance: sync((seconds: number) => admin.clock.advance(seconds)),
      set: sync((now: string | Date) => admin.clock.set(now)),
      freeze: sync((frozen?: boolean) => admin.clock.freeze(frozen)),
    },
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
