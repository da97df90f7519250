import { z } from 'zod';
import { defineControl } from './control-slice';

/** Outcome of the next power actions: `reject`/`fail`/`uncertain` answer 502. */
const PowerFault = z.enum(['ok', 'reject', 'fail', 'uncertain']);
/** `fail` makes the next Shield apply fail (the Shield module resets it to `ok`). */
const ShieldFault = z.enum(['ok', 'fail']);

const FaultsValue = z.strictObject({
  power: PowerFault,
  shield: ShieldFault,
  /** Latency added to every API response, in milliseconds. */
  latencyMs: z.int().min(0),
});

/** Provider behaviour injected through POST /__admin/faults. */
export type Faults = z.infer<typeof FaultsValue>;

const FaultsBody = z.strictObject({
  power: PowerFault.optional(),
  shield: ShieldFault.optional(),
  latency_ms: z.int().min(0).max(60_000).optional(),
});

/** The provider faults: power outcomes, the next Shield apply, added latency. */
export const faultsControl = defineControl({
  name: 'faults',
  schema: FaultsValue,
  initial: (): Faults => ({ power: 'ok', shield: 'ok', latencyMs: 0 }),
  route: {
    path: '/__admin/faults',
    body: FaultsBody,
    toPatch: (body) => ({
      ...(body.power === undefined ? {} : { power: body.power }),
      ...(body.shield === undefined ? {} : { shield: body.shield }),
      ...(body.latency_ms === undefined ? {} : { latencyMs: body.latency_ms }),
    }),
    view: (faults) => ({
      power: faults.power,
      shield: faults.shield,
      latency_ms: faults.latencyMs,
    }),
  },
});
