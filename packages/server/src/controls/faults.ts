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

// The descriptions reach `GET /__admin/controls` (the body's JSON Schema): the console
// shows each under its field.
const FaultsBody = z.strictObject({
  power: PowerFault.optional().describe(
    'Outcome of power actions (start, stop, reboot) from now on: reject, fail and uncertain answer 502 until set back to ok.',
  ),
  shield: ShieldFault.optional().describe(
    'fail makes the next Shield apply fail (the rule ends failed); it is back to ok after that one.',
  ),
  latency_ms: z
    .int()
    .min(0)
    .max(60_000)
    .optional()
    .describe('Delay added to every API response, in milliseconds.'),
});

/** The journal's label of each power outcome's error code. */
const POWER_LABELS: Readonly<Record<string, string>> = {
  power_rejected: 'power:reject',
  power_failed: 'power:fail',
  power_result_uncertain: 'power:uncertain',
};

/** The provider faults: power outcomes, the next Shield apply, added latency. */
export const faultsControl = defineControl({
  name: 'faults',
  description:
    'Makes the simulated provider misbehave, to test how your client handles it: failing power actions, a failing Shield apply, slow responses.',
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
  faultLabel: ({ before, after, status, errorCode }) => {
    if (status === 502) {
      const label = POWER_LABELS[errorCode() ?? ''];
      if (label !== undefined) return label;
    }
    // The one-shot switch was consumed by this request.
    if (before.shield === 'fail' && after.shield === 'ok') return 'shield:fail';
    return null;
  },
  ambientLabel: (faults) => (faults.latencyMs > 0 ? 'latency' : null),
});
