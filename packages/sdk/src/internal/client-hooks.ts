import { type Hooks, isHTTPError, isKyError, isTimeoutError } from 'ky';
import { ConnectionError, TimeoutError } from '../errors/client-errors';
import { RefSdkError } from '../errors/ref-error';
import type { AfterResponseContext, BeforeErrorContext, ClientHooks } from '../hooks';
import { readableCopy } from './bounded-fetch';
import type { CallFacts } from './call-facts';
import { errorFromResponse } from './error-from-response';

// The user's hooks run on ky's own `beforeRequest` and `beforeRetry` (ky keeps the retry
// loop); `afterResponse` runs in the per-attempt fetch (ky's hands its hooks a clone of the
// response, and ours was read whole inside fetch, so it cannot be cloned); `beforeError`
// runs on the typed SDK error the call is about to throw, not on ky's.

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

/** The facts of the call a ky hook runs for (the transport puts them in ky's `context`). */
const factsOf = (options: { context: Record<string, unknown> }) =>
  options.context.call as CallFacts;

// The SDK error a failed attempt stands for, as the call would throw it.
async function attemptError(error: Error, request: Request, facts: CallFacts): Promise<Error> {
  const { method, url } = request;
  if (error instanceof RefSdkError) return error;
  if (isHTTPError(error)) return errorFromResponse(error.response, method, url);
  if (isTimeoutError(error)) {
    return new TimeoutError({ method, url, timeoutMs: facts.timeoutMs, what: 'timed out' });
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
              const { operationId } = factsOf(options);
              return runEach(beforeRequest, { operationId, attempt: 1, request });
            },
          ],
    beforeRetry:
      beforeRetry.length === 0
        ? []
        : [
            async ({ request, options, error, retryCount }) => {
              const facts = factsOf(options);
              await runEach(beforeRetry, {
                operationId: facts.operationId,
                attempt: retryCount + 1,
                request,
                error: await attemptError(error, request, facts),
              });
            },
          ],
  };
}

/** Runs `afterResponse` hooks, each on its own readable copy of an attempt's response. */
export async function runAfterResponse(
  hooks: NonNullable<ClientHooks['afterResponse']>,
  facts: CallFacts,
  request: Request,
  response: Response,
): Promise<void> {
  for (const hook of hooks) {
    const context: AfterResponseContext = {
      operationId: facts.operationId,
      attempt: facts.attempts,
      request,
      response: await readableCopy(response, request.url),
    };
    await runEach([hook], context);
  }
}

/** Runs `beforeError` hooks; the last `Error` one returns replaces the error thrown. */
export async function runBeforeError(
  hooks: NonNullable<ClientHooks['beforeError']>,
  facts: CallFacts,
  error: unknown,
): Promise<unknown> {
  let current = error;
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
  return current;
}
