import { z } from 'zod';
import { ScenarioIdempotencyEntry } from '../scenario/schema';
import { ControlsExport } from './controls-export';
import { RecordEntry } from './record-entry';
import type { ServerContext } from './server-context';

/**
 * One write-ahead log line: a unit of work (an API request or an admin action), stamped with the
 * server clock when written. Everything a unit changed is in its one line, so a crash
 * keeps or loses the unit whole: records, its stored idempotent response, module state.
 */
export const WalEntry = z.strictObject({
  v: z.literal(1),
  /** Server time (epoch ms) and host time when the line was written. */
  at: z.number(),
  wall: z.number(),
  frozen: z.literal(true).optional(),
  /** The admin switches, on the first line of a file and whenever they changed. */
  controls: ControlsExport.optional(),
  /** A scenario load (the validated document) or a reset, and the clock start it used. */
  scenario: z.unknown().optional(),
  reset: z.literal(true).optional(),
  /** A snapshot restored: the state document it gave (the reset target stays). */
  restored: z.unknown().optional(),
  start: z.number().optional(),
  /** Record changes, one array per store commit. */
  commits: z.array(z.array(RecordEntry)).optional(),
  /** Module state changes (e.g. Shield), as `[module, change]`. */
  extensions: z.array(z.tuple([z.string(), z.unknown()])).optional(),
  /** Idempotent responses stored by the unit. */
  idempotency: z.array(ScenarioIdempotencyEntry).optional(),
});

/** A decoded write-ahead log line. */
export type WalEntry = z.output<typeof WalEntry>;

/**
 * The stamp of each line as it is written (in file order, so the last line holds the
 * latest clock and switches): server and host time, the frozen flag, and the switches
 * when they differ from the previous line's or the line opens a file.
 */
export function createStamper(ctx: ServerContext): (first: boolean) => string {
  let lastControls = '';
  let lastVersion: number | undefined;
  return (first) => {
    // Serialized again only after a change (a copy and JSON per line was ~35 µs an order);
    // compared as text, so a change back to the same value adds nothing to the line.
    let changed = false;
    if (ctx.controls.version !== lastVersion) {
      const controls = JSON.stringify(ctx.controls.export());
      changed = controls !== lastControls;
      lastControls = controls;
      lastVersion = ctx.controls.version;
    }
    const parts = [`"at":${ctx.clock.nowMs()}`, `"wall":${Date.now()}`];
    if (ctx.clock.frozen) parts.push('"frozen":true');
    if (first || changed) parts.push(`"controls":${lastControls}`);
    return parts.join(',');
  };
}
