import { z } from 'zod';
import type { ServerContext } from '../server-context';

/** The admin switches that live beside the state: provider faults and the Shield pause. */
export const Controls = z.strictObject({
  faults: z.strictObject({
    power: z.enum(['ok', 'reject', 'fail', 'uncertain']),
    shield: z.enum(['ok', 'fail']),
    latencyMs: z.int().min(0),
  }),
  shield: z.strictObject({ paused: z.boolean(), retryAfterSeconds: z.int().min(0) }),
});

/** The admin switches of a server. */
export type Controls = z.output<typeof Controls>;

/** The current switches of `ctx` (a copy). */
export const readControls = (ctx: ServerContext): Controls => ({
  faults: { ...ctx.faults },
  shield: { ...ctx.shield },
});

/** Sets the switches of `ctx`. */
export function applyControls(ctx: ServerContext, controls: Controls): void {
  Object.assign(ctx.faults, controls.faults);
  Object.assign(ctx.shield, controls.shield);
}
