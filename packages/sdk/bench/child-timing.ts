import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// Each contender runs in a fresh process of its own (`layer-cpu-child.ts`): timed in one
// process, the contenders shared ky's JIT feedback and each other's garbage, and the same
// SDK measured 25 to 53 µs (and 1.05× to 1.35× raw ky over HTTP) from one run to the next.
const CHILD = fileURLToPath(new URL('./layer-cpu-child.ts', import.meta.url));
// The SDK as a project without OpenTelemetry runs it: `@opentelemetry/api` (a devDependency
// here) cannot be resolved in that child, except for the `sdk-otel-*` contenders.
const HIDE_OTEL = fileURLToPath(new URL('../test/helpers/hide-otel.mjs', import.meta.url));

/** What `layer-cpu-child.ts` can time. */
export type Contender = 'bare' | 'ky' | 'sdk' | 'sdk-otel-api' | 'sdk-otel-provider';

/** A reference server the contenders call over HTTP (else they get a canned response). */
interface BenchTarget {
  readonly baseUrl: string;
  readonly apiKey: string;
}

const run = promisify(execFile);

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/**
 * µs per call of one contender timed alone: CPU on a canned response, or wall time over
 * HTTP to `target`.
 */
export async function timeAlone(name: Contender, target?: BenchTarget): Promise<number> {
  const hide = name.startsWith('sdk-otel') ? [] : ['--import', HIDE_OTEL];
  const http = target === undefined ? [] : [target.baseUrl, target.apiKey];
  const { stdout } = await run(process.execPath, [
    ...hide,
    '--import',
    'tsx',
    CHILD,
    name,
    ...http,
  ]);
  return Number(stdout.trim());
}

/**
 * `rounds` rounds of every contender in `names` timed alone, back to back; who goes first
 * alternates, so a machine speeding up or slowing down favours neither.
 */
export async function timeRounds<N extends Contender>(
  names: readonly N[],
  rounds: number,
  target?: BenchTarget,
): Promise<Record<N, number>[]> {
  const times: Record<N, number>[] = [];
  for (let i = 0; i < rounds; i++) {
    const round = {} as Record<N, number>;
    for (const name of i % 2 === 0 ? names : [...names].reverse())
      round[name] = await timeAlone(name, target);
    times.push(round);
  }
  return times;
}
