// How steady this machine's speed is while a section runs. Ratios here come from
// alternating rounds of two servers; they are only as good as the machine is steady from
// one round to the next. A fixed piece of CPU work (JSON and SHA-256, the stuff of a request)
// is timed in CPU time before every measured run of the section: on a machine of its own
// each sample takes about as long as the fastest; on a shared host the same work takes up to
// twice as long from one second to the next (measured 2026-12-02 with nothing else running:
// slices of a fixed loop took 199-368 ms of CPU time, in phases of a few seconds).
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { Figure } from './report';

// In a worker thread of its own, timed in that thread's CPU time (Node 22.19+): the bench's
// main thread has the load generator's heap, whose garbage collection would land in samples.
const FIXED_WORK = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const sample = { method: 'POST', path: '/v1/orders', body: { type: 'kvm', plan_code: 'kvm-s' } };
const cpu = (previous) =>
  typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage(previous) : process.cpuUsage(previous);
const cpuMs = () => {
  const before = cpu();
  for (let i = 0; i < 12000; i++) {
    const text = JSON.stringify({ ...sample, i });
    createHash('sha256').update(text).digest('hex');
    JSON.parse(text);
  }
  const used = cpu(before);
  return (used.user + used.system) / 1000;
};
// The loop's first runs are V8 compiling it: not samples.
for (let i = 0; i < 3; i++) cpuMs();
parentPort.on('message', () => parentPort.postMessage(cpuMs()));
`;

const times = (value: number) => `${value.toFixed(2)}×`;

/** Samples of the machine's speed taken through a section (one before each measured run). */
export class SpeedProbe {
  readonly #worker = new Worker(FIXED_WORK, { eval: true });
  #samples: number[] = [];

  /** Times the fixed work once (~20-40 ms of CPU). */
  async sample(): Promise<void> {
    this.#worker.postMessage(null);
    const [cpuMs] = (await once(this.#worker, 'message')) as [number];
    this.#samples.push(cpuMs);
  }

  /** Ends the probe's thread. */
  async close(): Promise<void> {
    await this.#worker.terminate();
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
