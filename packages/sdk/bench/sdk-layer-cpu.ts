import { median, timeAlone, timeRounds } from './child-timing';

// Raw ky and the SDK run back to back in processes of their own (`child-timing.ts`), so a
// slower spell of a shared machine hits both halves of a round alike; the figure is the
// median round.
const PAIRS = 11;

// Telemetry when the API is there, against the SDK without it (same pairs of processes).
const OTEL_CASES = {
  'sdk-otel-api': '@opentelemetry/api installed, no provider registered',
  'sdk-otel-provider': 'tracer and meter providers registered, exporting nothing',
} as const;

// The SDK's own CPU per call (contract, validation, errors): SDK minus raw ky.
const OWN_CPU_TARGET_US = 40;

// Where the SDK's own CPU goes (node --cpu-prof of 30,000 account.get() against raw ky on
// the same canned response, self time per call, inflated ~1.3× by the profiler).
const WHERE_BEFORE =
  'before (48 µs quiet, timed from sources under tsx in one process): ky normalizing + merging the per-call retry options 17, the bounded body read 19 (reader loop, 3 closures per call, abort listener), readSuccess 7, auth/accept headers merge 5, buildPath 3, ApiPromise 2, withMeta 1.5';
const WHERE_AFTER =
  'after: retry options built once per (limit, idempotency) (ky still normalizes them: ~5 µs), no template fill for fixed paths, error builders made only on failure, ky options built without spreads, one await less in readSuccess and ApiPromise.then. Now timed on the built SDK (tsx wraps every closure of the sources in `__name`), each contender in a process of its own, raw ky sending the same key and Accept header; left: ky normalizing our retry options ~5, the body read ~9, the response check ~1';

/** CPU per call of the SDK against raw ky and a bare fetch, all on a canned response. */
export async function benchSdkLayerCpu(): Promise<boolean> {
  const order = ['ky', 'sdk', ...Object.keys(OTEL_CASES)] as (
    | 'ky'
    | 'sdk'
    | keyof typeof OTEL_CASES
  )[];
  const pairs = await timeRounds(order, PAIRS);
  const bareUs = await timeAlone('bare');
  const [kyUs, sdkUs] = [median(pairs.map((p) => p.ky)), median(pairs.map((p) => p.sdk))];
  const us = (value: number) => `${value.toFixed(1)} µs`;
  console.log(
    `CPU per call, canned response (${PAIRS} rounds of processes, medians): bare fetch ${us(bareUs)}, raw ky ${us(kyUs)}, SDK ${us(sdkUs)} (without @opentelemetry/api)`,
  );
  const ownUs = median(pairs.map((p) => p.sdk - p.ky));
  const ok = ownUs <= OWN_CPU_TARGET_US;
  console.log(
    `  SDK's own CPU per call (contract, validation, errors) ${ownUs.toFixed(1)} µs (target ≤ ${OWN_CPU_TARGET_US} µs): ${ok ? 'met' : 'MISSED'}; SDK/raw ky ${(sdkUs / kyUs).toFixed(2)}×`,
  );
  for (const [name, what] of Object.entries(OTEL_CASES) as [keyof typeof OTEL_CASES, string][]) {
    const otelUs = median(pairs.map((p) => p[name]));
    const overSdk = median(pairs.map((p) => p[name] - p.sdk));
    console.log(
      `  with OpenTelemetry (${what}): SDK ${us(otelUs)}, ${(otelUs / kyUs).toFixed(2)}× raw ky, ${overSdk >= 0 ? '+' : ''}${overSdk.toFixed(1)} µs CPU per call over the SDK without it (information)`,
    );
  }
  console.log(`  where it goes, ${WHERE_BEFORE}`);
  console.log(`  ${WHERE_AFTER}`);
  return ok;
}
