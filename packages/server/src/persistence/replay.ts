import { parseScenario } from '../scenario/validate';
import type { ControlPlane } from '../state/control-plane';
import type { RecordFold } from '../state/record-fold';
import type { ServerContext } from '../state/server-context';
import type { WalEntry } from '../state/wal-entry';
import { BaseScenario } from './base-scenario';

/** What replaying write-ahead log entries acts on; `base` follows scenario loads. */
export interface ReplayTarget {
  readonly ctx: ServerContext;
  readonly control: ControlPlane;
  base: BaseScenario;
  /** Record changes waiting to be committed: call `flush()` after the last entry. */
  readonly records: RecordFold;
}

/**
 * Applies one write-ahead log entry to the live server, in the order it happened: a scenario load
 * or reset replaces everything first, then each state slice replays its members: record
 * commits (folded, see {@link RecordFold}), idempotent responses, module changes, and the
 * admin switches of its stamp. Throws when the entry does not fit.
 */
export async function replayEntry(target: ReplayTarget, entry: WalEntry): Promise<void> {
  const { control } = target;
  if (entry.scenario !== undefined || entry.reset !== undefined || entry.restored !== undefined) {
    if (entry.start === undefined) throw new Error('scenario entry without start');
    await target.records.flush();
    if (entry.restored !== undefined) {
      await control.restore(parseScenario(entry.restored), entry.start, target.base.resetTarget());
    } else if (entry.scenario !== undefined) {
      const scenario = parseScenario(entry.scenario);
      target.base = BaseScenario.of(scenario);
      await control.restore(scenario, entry.start, target.base.resetTarget());
    } else {
      await control.restore(target.base.scenario(), entry.start, target.base.resetTarget());
    }
  }
  // Each slice of the state takes its members (`state/server-slices.ts`).
  control.slices.replay(entry, target);
}
