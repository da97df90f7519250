// A fresh process answers far slower than a warm one: V8 compiles the request path as it
// runs, and ref-server's path is much longer than a bare server's (measured: GET /me
// settles in ~2 s, a durable server's orders in 2-10 s). Figures are taken once a server's
// rate has settled; how it got there is reported beside, not hidden.

/** Seconds a warm-up run lasts. */
const WARM_SECONDS = 1;
// Settled: two runs in a row within 8% of each other (at most 12 runs).
const WARM_RUNS = 12;
const WARM_TOLERANCE = 0.08;

/** How a server warmed up: the rate of its first run and the time it took to settle. */
export interface WarmUp {
  readonly firstRps: number;
  readonly seconds: number;
}

/** Calls `runFor(WARM_SECONDS)` until the rates it answers settle. */
export async function warmUp(
  runFor: (seconds: number) => Promise<{ readonly rps: number }>,
): Promise<WarmUp> {
  const first = await runFor(WARM_SECONDS);
  let last = first;
  let runs = 1;
  while (runs < WARM_RUNS) {
    const run = await runFor(WARM_SECONDS);
    runs++;
    const settled = Math.abs(run.rps / last.rps - 1) <= WARM_TOLERANCE;
    last = run;
    if (settled) break;
  }
  return { firstRps: first.rps, seconds: runs * WARM_SECONDS };
}
