import { TimeoutError } from '../errors/client-errors';
import { cutShortFacts, recordCutShort } from './bounded-fetch';
import type { CallFacts } from './call-facts';

// Invariant: no user hook can keep a call pending past the call's limits. Each kind's hooks
// run inside the caller's `signal`, the `totalTimeout` and a timer of the per-attempt
// `timeout` (afterResponse hooks run inside their attempt, whose timer is ky's). The hook
// itself cannot be stopped (a promise cannot be cancelled): its result is ignored, and the
// call fails with the abort reason or the SDK's TimeoutError at once.

/** The kinds of user hooks, as the error of one that overran names them. */
type HookKind = 'beforeRequest' | 'beforeRetry' | 'afterResponse' | 'beforeError';

// Requests whose attempt ky timed out while their afterResponse hooks ran: not retried (the
// same hook would stall again), and the error says where the time went.
const overran = new WeakSet<Request>();

/** Whether ky's per-attempt timeout of `request` elapsed inside its `afterResponse` hooks. */
export function overranInHooks(request: Request): boolean {
  return overran.has(request);
}

/** What a TimeoutError of the attempt says happened, given the request ky timed out. */
export function attemptTimeoutWhat(request: Request | undefined): string {
  return request !== undefined && overran.has(request)
    ? 'timed out running afterResponse hooks'
    : 'timed out';
}

/** Where a kind's hooks run. */
export interface HookRun {
  readonly kind: HookKind;
  /** Method and URL of the call, for the error's message. */
  readonly method: string;
  readonly url: string;
  /** The attempt's request, for hooks that run inside ky's timer of that attempt. */
  readonly attempt?: Request | undefined;
  /** The attempt's response, read whole (afterResponse): a limit reached in them names it. */
  readonly response?: Response | undefined;
  /** The error the call is failing with (beforeError): the cause of a timeout. */
  readonly failure?: unknown;
}

// The error a call fails with when its hooks overran; `byTimer` when the hooks' own timer fired.
function limitError(facts: CallFacts, run: HookRun, byTimer: boolean): unknown {
  // A caller's own abort stays the caller's reason, as everywhere else.
  if (facts.userSignal?.aborted) return facts.userSignal.reason;
  const { method, url } = run;
  const cause = run.failure === undefined ? {} : { cause: run.failure };
  if (!byTimer && facts.deadlineSignal?.aborted) {
    const timeoutMs = facts.totalTimeoutMs ?? 0;
    return new TimeoutError({
      method,
      url,
      timeoutMs,
      what: 'exceeded its total timeout',
      ...cause,
      ...cutShortFacts(facts.deadlineSignal.reason),
    });
  }
  // Only ky's attempt timer is left: ky already failed the attempt with its own error.
  if (!byTimer && run.attempt !== undefined) overran.add(run.attempt);
  const what = `timed out running ${run.kind} hooks`;
  return new TimeoutError({ method, url, timeoutMs: facts.timeoutMs, what, ...cause });
}

/** Runs `work` (one kind's hooks, in order) inside the call's limits. */
export function withinLimits<T>(
  facts: CallFacts,
  run: HookRun,
  work: () => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const signals: AbortSignal[] = [];
    // The response the hooks run on arrived: the error of a limit reached in them names it,
    // as one reached while its body was read does.
    const cutShort = (signal: AbortSignal) => {
      if (run.response !== undefined) recordCutShort(run.response, run.attempt, signal.reason);
    };
    for (const signal of [facts.userSignal, facts.deadlineSignal, run.attempt?.signal]) {
      if (signal === undefined) continue;
      if (!signal.aborted) signals.push(signal);
      // A call already past a limit does not start its hooks, except beforeError hooks: the
      // call is failing for that reason, and they are there to see it.
      else if (run.kind !== 'beforeError') {
        cutShort(signal);
        return reject(limitError(facts, run, false));
      }
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', onAbort);
    };
    const fail = (error: unknown) => {
      settle();
      reject(error);
    };
    const onAbort = (event: Event) => {
      cutShort(event.target as AbortSignal);
      fail(limitError(facts, run, false));
    };
    for (const signal of signals) signal.addEventListener('abort', onAbort, { once: true });
    if (run.attempt === undefined) {
      timer = setTimeout(() => fail(limitError(facts, run, true)), facts.timeoutMs);
    }
    work().then((value) => {
      settle();
      resolve(value);
    }, fail);
  });
}
