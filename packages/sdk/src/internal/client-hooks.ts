import { type Hooks, isHTTPError, isKyError, isTimeoutError } from 'ky';
import { ConnectionError, TimeoutError } from '../errors/client-errors';
import { RefSdkError } from '../errors/ref-error';
import type { AfterResponseContext, BeforeErrorContext, ClientHooks } from '../hooks';
import { cutShortFacts, readableCopy } from './bounded-fetch';
import type { CallFacts } from './call-facts';
import { errorFromResponse } from './error-from-response';
import { attemptTimeoutWhat, type HookRun, withinLimits } from './hook-limits';

// The user's hooks run on ky's own `beforeRequest` and `beforeRetry` (ky keeps the retry
// loop); `afterResponse` runs in the per-attempt fetch (ky's hands its hooks a clone of the
// response, and ours was read whole inside fetch, so it cannot be cloned); `beforeError`
// runs on the typed SDK error the call is about to throw, not on ky's. Each kind's hooks run
// inside the call's limits (hook-limits.ts).

const hookErrors = new WeakSet<object>();

/** Whether `error` was thrown by one of the user's hooks: it then fails the call as is. */
export function isHookError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && hookErrors.has(error);
}

async function runEach<C>(
  hooks: ReadonlyArray<(context: C) => unknown>,
  context: C,
  results?: (value: unknown) => void,
): Promise<void> {
  for (const hook of hooks) {
    try {
      const value = await hook(context);
      results?.(value);
    } catch (error) {
      if (typeof error === 'object' && error !== null) hookErrors.add(error);
      throw error;
    }
  }
}

/** Runs `hooks` in order on `context`, inside the call's limits. */
function runLimited<C>(
  facts: CallFacts,
  run: HookRun,
  hooks: ReadonlyArray<(context: C) => unknown>,
  context: C,
  results?: (value: unknown) => void,
): Promise<void> {
  return withinLimits(facts, run, () => runEach(hooks, context, results));
}

/** The facts of the call a ky hook runs for (the transport puts them in ky's `context`). */
const factsOf = (options: { context: Record<string, unknown> }) =>
  options.context.call as CallFacts;

// The SDK error a failed attempt stands for, as the call would throw it.
async function attemptError(error: Error, request: Request, facts: CallFacts): Promise<Error> {
  const { method, url } = request;
  if (error instanceof RefSdkError) return error;
  if (isHTTPError(error)) return errorFromResponse(error.response, method, url);
  if (isTimeoutError(error)) {
    const what = attemptTimeoutWhat(error.request);
    const answered = cutShortFacts(error.request);
    return new TimeoutError({ method, url, timeoutMs: facts.timeoutMs, what, ...answered });
  }
  // ky's own errors hold the Request, whose headers hold the key: keep only what caused them.
  return new ConnectionError({ method, url, cause: isKyError(error) ? error.cause : error });
}

/** ky hooks running the user's `beforeRequest` and `beforeRetry`, to go after the SDK's. */
export function kyHooksFor(hooks: ClientHooks): Hooks {
  const { beforeRequest = [], beforeRetry = [] } = hooks;
  return {
    beforeRequest:
      beforeRequest.length === 0
        ? []
        : [
            ({ request, options }) => {
              const facts = factsOf(options);
              const { operationId } = facts;
              const { method, url } = request;
              const run: HookRun = { kind: 'beforeRequest', method, url };
              return runLimited(facts, run, beforeRequest, { operationId, attempt: 1, request });
            },
          ],
    beforeRetry:
      beforeRetry.length === 0
        ? []
        : [
            async ({ request, options, error, retryCount }) => {
              const facts = factsOf(options);
              const { method, url } = request;
              await runLimited(facts, { kind: 'beforeRetry', method, url }, beforeRetry, {
                operationId: facts.operationId,
                attempt: retryCount + 1,
                request,
                error: await attemptError(error, request, facts),
              });
            },
          ],
  };
}

/**
 * Runs `afterResponse` hooks, each on its own readable copy of an attempt's response, inside
 * the attempt's timer and the call's limits.
 */
export function runAfterResponse(
  hooks: NonNullable<ClientHooks['afterResponse']>,
  facts: CallFacts,
  request: Request,
  response: Response,
): Promise<void> {
  const { method, url } = request;
  const run: HookRun = { kind: 'afterResponse', method, url, attempt: request, response };
  return withinLimits(facts, run, async () => {
    for (const hook of hooks) {
      const context: AfterResponseContext = {
        operationId: facts.operationId,
        attempt: facts.attempts,
        request,
        response: await readableCopy(response, request.url),
      };
      await runEach([hook], context);
    }
  });
}

/**
 * Runs `beforeError` hooks; the last `Error` one returns replaces the error thrown. They are
 * bounded by a `timeout` of their own and whatever limit of the call has not yet passed.
 */
export async function runBeforeError(
  hooks: NonNullable<ClientHooks['beforeError']>,
  facts: CallFacts,
  error: unknown,
  call: { method: string; url: string },
): Promise<unknown> {
  let current = error;
  const run: HookRun = { kind: 'beforeError', ...call, failure: error };
  await withinLimits(facts, run, async () => {
    for (const hook of hooks) {
      const context: BeforeErrorContext = {
        operationId: facts.operationId,
        attempt: facts.attempts,
        request: facts.lastRequest,
        error: current,
      };
      await runEach([hook], context, (value) => {
        if (value instanceof Error) current = value;
      });
    }
  });
  return current;
}
