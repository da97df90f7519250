import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createReferenceServer } from '@refapi/server';
import { DEMO } from '../test/helpers/reference';

const TARGET = 1.15;
// Each contender is timed in a fresh process of its own (`layer-cpu-child.ts` with the
// server's address), in pairs that alternate who goes first: timed in one process, raw ky
// and the SDK shared ky's JIT feedback and each other's garbage, and the SDK's ratio moved
// between 1.05× and 1.35× from run to run with no change to either.
const PAIRS = 7;
const CHILD = fileURLToPath(new URL('./layer-cpu-child.ts', import.meta.url));
const HIDE_OTEL = fileURLToPath(new URL('../test/helpers/hide-otel.mjs', import.meta.url));
type Contender = 'bare' | 'ky' | 'sdk' | 'sdk-otel-provider';

const run = promisify(execFile);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/**
 * `account.get()` over HTTP against raw ky (the transport the project chose, so the floor
 * the target is set on) on the same server; bare `fetch` + `json()`, and the SDK with
 * OpenTelemetry providers registered that export nothing, printed as information.
 */
export async function benchAccountOverhead(): Promise<boolean> {
  const server = createReferenceServer();
  await server.ready;
  const http = await server.listen({ port: 0, host: '127.0.0.1' });
  // The demo key may read 600 times a minute: a minute of server time every 100 ms keeps
  // a child's calls (about one a millisecond) under it.
  const ticker = setInterval(() => server.admin.clock.advance(60), 100);
  const timeAlone = async (name: Contender): Promise<number> => {
    const hide = name === 'sdk-otel-provider' ? [] : ['--import', HIDE_OTEL];
    const args = [...hide, '--import', 'tsx', CHILD, name, http.baseUrl, DEMO.eurKey];
    const { stdout } = await run(process.execPath, args);
    return Number(stdout.trim());
  };
  const order: Contender[] = ['ky', 'sdk', 'sdk-otel-provider'];
  const pairs: Record<Contender, number>[] = [];
  try {
    for (let i = 0; i < PAIRS; i++) {
      const times = {} as Record<Contender, number>;
      for (const name of i % 2 === 0 ? order : [...order].reverse())
        times[name] = await timeAlone(name);
      pairs.push(times);
    }
    const bareUs = await timeAlone('bare');
    const of = (name: Contender) => median(pairs.map((p) => p[name]));
    const ratio = median(pairs.map((p) => p.sdk / p.ky));
    const otelRatio = median(pairs.map((p) => p['sdk-otel-provider'] / p.ky));
    const ok = ratio <= TARGET;
    const us = (value: number) => `${value.toFixed(0)} µs`;
    console.log(
      `account.get() over HTTP, each in a process of its own (${PAIRS} rounds, medians): bare fetch ${us(bareUs)}/op, raw ky ${us(of('ky'))}/op, SDK ${us(of('sdk'))}/op (without @opentelemetry/api)`,
    );
    console.log(
      `  SDK/raw ky ${ratio.toFixed(2)}× (target ≤ ${TARGET}×): ${ok ? 'met' : 'MISSED'}; information: raw ky/bare fetch ${(of('ky') / bareUs).toFixed(2)}×`,
    );
    console.log(
      `  with OpenTelemetry (tracer and meter providers registered, exporting nothing): SDK ${us(of('sdk-otel-provider'))}/op, ${otelRatio.toFixed(2)}× raw ky (information)`,
    );
    return ok;
  } finally {
    clearInterval(ticker);
    await http.close();
  }
}
