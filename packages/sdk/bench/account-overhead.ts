import { createReferenceServer } from '@refapi/server';
import { DEMO } from '../test/helpers/reference';
import { type Contender, median, timeAlone, timeRounds } from './child-timing';

const TARGET = 1.15;
// Rounds of processes, each contender alone (`child-timing.ts`).
const PAIRS = 7;

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
  const target = { baseUrl: http.baseUrl, apiKey: DEMO.eurKey };
  const order: Contender[] = ['ky', 'sdk', 'sdk-otel-provider'];
  try {
    const pairs = await timeRounds(order, PAIRS, target);
    const bareUs = await timeAlone('bare', target);
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
