import { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
import ky from 'ky';
import { DEMO } from '../test/helpers/reference';

const TARGET = 1.15;
const ROUNDS = 12;
const WARMUP_ROUNDS = 2;
const PER_ROUND = 150;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function timeRound(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await call();
  return (performance.now() - started) / PER_ROUND;
}

/**
 * `account.get()` over HTTP against raw ky (the transport the project chose, so the floor
 * the target is set on) on the same URL; bare `fetch` + `json()` printed as information.
 */
export async function benchAccountOverhead(): Promise<boolean> {
  const server = createReferenceServer();
  await server.ready;
  const http = await server.listen({ port: 0, host: '127.0.0.1' });
  const url = `${http.baseUrl}/me`;
  const headers = { authorization: `Bearer ${DEMO.eurKey}`, accept: 'application/json' };
  const bare = async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`bare fetch got ${response.status}`);
    return response.json();
  };
  // The transport the SDK is built on, alone: how much of the gap is ky's.
  const plainKy = ky.create({ prefix: http.baseUrl, headers });
  const kyOnly = () => plainKy.get('me').json();
  const client = new RefClient({ apiKey: DEMO.eurKey, baseUrl: http.baseUrl });
  const sdk = () => client.account.get();

  const contenders = { bare, kyOnly, sdk };
  const times: Record<keyof typeof contenders, number[]> = { bare: [], kyOnly: [], sdk: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate who goes first so drift on a shared machine hits every side alike.
    const names = Object.keys(contenders) as (keyof typeof contenders)[];
    const order = [...names.slice(round % 3), ...names.slice(0, round % 3)];
    for (const name of order) {
      const ms = await timeRound(contenders[name]);
      if (round >= WARMUP_ROUNDS) times[name].push(ms);
    }
    // 3 × 150 reads per round: move past the 600-a-minute window before the next round.
    server.admin.clock.advance(60);
  }
  await http.close();

  const [bareMs, kyMs, sdkMs] = [median(times.bare), median(times.kyOnly), median(times.sdk)];
  const ratio = sdkMs / kyMs;
  const ok = ratio <= TARGET;
  const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
  console.log(
    `account.get() over HTTP: bare fetch ${us(bareMs)}/op, raw ky ${us(kyMs)}/op, SDK ${us(sdkMs)}/op`,
  );
  console.log(
    `  SDK/raw ky ${ratio.toFixed(2)}× (target ≤ ${TARGET}×): ${ok ? 'met' : 'MISSED'}; information: raw ky/bare fetch ${(kyMs / bareMs).toFixed(2)}×, SDK/bare fetch ${(sdkMs / bareMs).toFixed(2)}×`,
  );
  return ok;
}
