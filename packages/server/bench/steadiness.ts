// How steady this machine's speed is while a section runs. Ratios here come from
// alternating rounds of two servers; they are only as good as the machine is steady from
// one round to the next. A fixed piece of CPU work (JSON and SHA-256, the stuff of a request)
// is timed in slices: on a quiet machine of its own every slice takes about as long as the
// fastest; on a shared host the same work takes up to twice as long from one second to the
// next, in CPU time too (the host, not the scheduler: measured 2026-12-02, 0.44-0.88 s for one
// slice of 200k iterations with nothing else running).
import { createHash } from 'node:crypto';
import type { Figure } from './report';

const SLICES = 20;
const ITERATIONS = 25_000;
// Slices run first and not counted: the loop's first runs are V8 compiling it.
const WARM_SLICES = 3;
const SAMPLE = { method: 'POST', path: '/v1/orders', body: { type: 'kvm', plan_code: 'kvm-s' } };

/** CPU milliseconds of one slice of fixed work. */
function slice(): number {
  const before = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i++) {
    const text = JSON.stringify({ ...SAMPLE, i });
    createHash('sha256').update(text).digest('hex');
    JSON.parse(text);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const times = (value: number) => `${value.toFixed(2)}×`;

/** Times SLICES slices of fixed work; a figure of how far the slowest strays from the fastest. */
export function machineSteadiness(when: string): Figure {
  for (let i = 0; i < WARM_SLICES; i++) slice();
  const cpuMs = Array.from({ length: SLICES }, slice).sort((a, b) => a - b);
  const fastest = cpuMs[0] as number;
  const median = cpuMs[SLICES >> 1] as number;
  const slowest = cpuMs[SLICES - 1] as number;
  return {
    name: `machine steadiness, ${when} (fixed CPU work in ${SLICES} slices)`,
    value: `CPU time of a slice: median ${times(median / fastest)}, slowest ${times(slowest / fastest)} the fastest (${fastest.toFixed(0)} ms)`,
    target: 'reported (≈ 1.0× on a steady machine)',
  };
}
