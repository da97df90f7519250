import type { ControlPlane } from '../control-plane';
import type { IdempotencyEntry } from '../domain/idempotency';
import { parseScenario } from '../scenario/validate';
import type { ServerContext } from '../server-context';
import { BaseScenario } from './base-scenario';
import type { JournalEntry } from './journal-entry';
import type { RecordFold } from './record-fold';

/** What replaying journal entries acts on; `base` follows scenario loads. */
export interface ReplayTarget {
  readonly ctx: ServerContext;
  readonly control: ControlPlane;
  base: BaseScenario;
  /** Record changes waiting to be committed: call `flush()` after the last entry. */
  readonly records: RecordFold;
}

/**
 * Applies one journal entry to the live server, in the order it happened: a scenario load
 * or reset replaces everything first, then record commits (folded, see {@link RecordFold}),
 * module changes, idempotent responses, and the admin switches of its stamp. Throws when
 * the entry does not fit.
 */
export async function replayEntry(target: ReplayTarget, entry: JournalEntry): Promise<void> {
  const { ctx, control } = target;
  if (entry.scenario !== undefined || entry.reset !== undefined) {
    if (entry.start === undefined) throw new Error('scenario entry without start');
    await target.records.flush();
    if (entry.scenario !== undefined) {
      const scenario = parseScenario(entry.scenario);
      target.base = BaseScenario.of(scenario);
      await control.restore(scenario, entry.start, target.base.resetTarget());
    } else {
      await control.restore(target.base.scenario(), entry.start, target.base.resetTarget());
    }
  }
  for (const commit of entry.commits ?? []) target.records.add(commit);
  // Looked up by name among the registered modules; an unknown name throws.
  for (const [name, change] of entry.extensions ?? []) ctx.extensions.applyChange(name, change);
  // The schema allows `text: undefined` where the type has no such member; JSON never does.
  for (const stored of entry.idempotency ?? []) ctx.idempotency.put(stored as IdempotencyEntry);
  if (entry.controls !== undefined) ctx.controls.import(entry.controls);
}
