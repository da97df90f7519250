import { type ClientOptions, RefClient } from '@refapi/sdk';

/** Counters of your own, per operation id. */
export interface CallStats {
  responses: Record<number, number>;
  retries: number;
  failures: number;
}

/** A client that tags requests, logs each attempt and counts what happened. */
export function observedClient(
  correlationId: string,
  stats: Map<string, CallStats>,
  options: ClientOptions = {},
) {
  const statsOf = (operationId: string): CallStats => {
    const entry = stats.get(operationId) ?? { responses: {}, retries: 0, failures: 0 };
    stats.set(operationId, entry);
    return entry;
  };
  return new RefClient({
    ...options,
    hooks: {
      // A custom header: set once, sent again by every retry of the call.
      beforeRequest: [({ request }) => request.headers.set('x-correlation-id', correlationId)],
      // Logging: method, URL, status and attempt; never the headers, they hold your key.
      afterResponse: [
        ({ operationId, attempt, request, response }) => {
          console.log(
            `${operationId} #${attempt}: ${request.method} ${response.url} ${response.status}`,
          );
          const { responses } = statsOf(operationId);
          responses[response.status] = (responses[response.status] ?? 0) + 1;
        },
      ],
      beforeRetry: [
        ({ operationId, attempt, error }) => {
          statsOf(operationId).retries++;
          console.log(`${operationId}: attempt ${attempt} after ${error.name}`);
        },
      ],
      beforeError: [
        ({ operationId }) => {
          statsOf(operationId).failures++;
        },
      ],
    },
  });
}
