import ky from 'ky';
import { RefClient } from '../src/index';
import { account } from '../test/helpers/fixtures';

// Many short rounds, the contenders interleaved in each: the SDK's own cost is the median of
// the per-round differences, so a GC pause or a noisy neighbour hits one round, not a figure.
const ROUNDS = 42;
const WARMUP_ROUNDS = 2;
const PER_ROUND = 500;

const body = JSON.stringify(account);
const headers = {
  'content-type': 'application/json',
  'ratelimit-limit': '600',
  'ratelimit-remaining': '599',
  'ratelimit-reset': '60',
};
// No network at all: what is left is the CPU each layer adds per call.
const cannedFetch = async () => new Response(body, { headers });

// The SDK's own CPU per call (contract, validation, errors): SDK minus raw ky.
const OWN_CPU_TARGET_US = 40;

// Where the SDK's own CPU goes (node --cpu-prof of 30,000 account.get() against raw ky on
// the same canned response, self time per call, inflated ~1.4× by the profiler).
const WHERE_BEFORE =
  'before (48 µs quiet): ky normalizing + merging the per-call retry options 17, the bounded body read 19 (reader loop, 3 closures per call, abort listener), readSuccess 7, auth/accept headers merge 5, buildPath 3, ApiPromise 2, withMeta 1.5';
const WHERE_AFTER =
  'after: retry options built once per (limit, idempotency) (ky still normalizes them: ~5 µs), no template fill for fixed paths, error builders made only on failure, ky options built without spreads, one await less in readSuccess and ApiPromise.then; the body read (~15) and validation (~8) stay';

/** CPU per call of the SDK against raw ky and a bare fetch, all on a canned response. */
export async function benchSdkLayerCpu(): Promise<boolean> {
  const baseUrl = 'http://127.0.0.1:9/v1';
  const plainKy = ky.create({ prefixUrl: baseUrl, fetch: cannedFetch });
  const client = new RefClient({ apiKey: 'refak_bench', baseUrl, fetch: cannedFetch });
  const contenders = {
    bare: async () => (await cannedFetch()).json(),
    kyOnly: () => plainKy.get('me').json(),
    sdk: () => client.account.get(),
  };
  const times: Record<keyof typeof contenders, number[]> = { bare: [], kyOnly: [], sdk: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, call] of Object.entries(contenders) as [
      keyof typeof contenders,
      () => Promise<unknown>,
    ][]) {
      const started = performance.now();
      for (let i = 0; i < PER_ROUND; i++) await call();
      if (round >= WARMUP_ROUNDS) times[name].push((performance.now() - started) / PER_ROUND);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
  const [bareMs, kyMs, sdkMs] = [median(times.bare), median(times.kyOnly), median(times.sdk)];
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  console.log(
    `CPU per call, canned response: bare fetch ${us(bareMs)}, raw ky ${us(kyMs)}, SDK ${us(sdkMs)}`,
  );
  const ownUs = median(times.sdk.map((sdk, round) => sdk - (times.kyOnly[round] as number))) * 1000;
  const ok = ownUs <= OWN_CPU_TARGET_US;
  console.log(
    `  SDK's own CPU per call (contract, validation, errors) ${ownUs.toFixed(1)} µs (target ≤ ${OWN_CPU_TARGET_US} µs): ${ok ? 'met' : 'MISSED'}; SDK/raw ky ${(sdkMs / kyMs).toFixed(2)}×`,
  );
  console.log(`  where it goes, ${WHERE_BEFORE}`);
  console.log(`  ${WHERE_AFTER}`);
  return ok;
}
