import type { ClientHooks } from '../hooks';
import type { FetchFunction } from '../options';
import type { CallFacts } from './call-facts';
import { runAfterResponse } from './client-hooks';
import type { HttpClientTelemetry } from './telemetry/http-client-telemetry';

/**
 * The fetch of one call, given to ky for that call only: ky calls it once per attempt, so
 * each attempt gets its span and its `afterResponse` hooks here, around the bounded fetch
 * (whose body read the span's duration covers).
 */
export function attemptFetch(
  base: FetchFunction,
  facts: CallFacts,
  telemetry: HttpClientTelemetry | undefined,
  afterResponse: ClientHooks['afterResponse'],
): FetchFunction {
  return async (input, init) => {
    // ky always sends a Request built from every option.
    const request = input instanceof Request ? input : new Request(input, init);
    const resendCount = facts.attempts++;
    facts.lastRequest = request;
    const send = () => base(request, init);
    const response =
      telemetry === undefined
        ? await send()
        : await telemetry.attempt(facts, resendCount, request, send);
    if (afterResponse !== undefined && afterResponse.length > 0) {
      await runAfterResponse(afterResponse, facts, request, response);
    }
    return response;
  };
}
