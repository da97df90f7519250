// How steady this machine's speed is while a section runs. Ratios here come from
// alternating rounds of two servers; they are only as good as the machine is steady from
// one round to the next. A fixed piece of CPU work (JSON and SHA-256, the stuff of a request)
// is timed in CPU time before every measured run of the section: on a machine of its own
// each sample takes about as long as the fastest; on a shared host the same work takes up to
// twice as long from one second to the next (measured 2026-12-02 with nothing else running:
// slices of a fixed loop took 199-368 ms of CPU time, in phases of a few seconds).
import { createHash } from 'node:crypto';
import type { Figure } from './report';

const ITERATIONS = 12_000;
const SAMPLE = { method: 'POST', path: '/v1/orders', body: { type: 'kvm', plan_code: 'kvm-s' } };

// The main thread's CPU time (Node 22.19+): the process's would count the garbage collector's
// helper threads tidying up after the load generator.
const cpuUsage = (previous?: NodeJS.CpuUsage) =>
  typeof process.threadCpuUsage === 'function'
    ? process.threadCpuUsage(previous)
    : process.cpuUsage(previous);

/** CPU milliseconds of one sample of fixed work. */
function cpuMsOfFixedWork(): number {
  const before = cpuUsage();
  for (let i = 0; i < ITERATIONS; i++) {
    const text = JSON.stringify({ ...SAMPLE, i });
    createHash('sha256').update(text).digest('hex');
    JSON.parse(text);
  }
  const used = cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const times = (value: number) => `${value.toFixed(2)}×`;

/** Samples of the machine's speed taken through a section (one before each measured run). */
export class SpeedProbe {
  #samples: number[] = [];

  constructor() {
    // The loop's first runs are V8 compiling it: not a sample.
    for (let i = 0; i < 3; i++) cpuMsOfFixedWork();
  }

  /** Times the fixed work once (~20-40 ms). */
  sample(): void {
    this.#samples.push(cpuMsOfFixedWork());
  }

  /** How far the samples stray from the fastest. */
  figure(): Figure {
    const sorted = [...this.#samples].sort((a, b) => a - b);
    const fastest = sorted[0] ?? 0;
    const median = sorted[sorted.length >> 1] ?? 0;
    const slowest = sorted.at(-1) ?? 0;
    return {
      name: `machine steadiness (fixed CPU work before each of ${sorted.length} runs)`,
      value:
        sorted.length === 0
          ? 'no run'
          : `CPU time: median ${times(median / fastest)}, slowest ${times(slowest / fastest)} the fastest (${fastest.toFixed(0)} ms)`,
      target: 'reported (≈ 1.0× on a steady machine)',
    };
  }
}
