import type { FetchFunction } from '../../src/options';

/** A fetch answered by `handler` in-process, recording every request it sees. */
export function fakeFetch(
  handler: (request: Request, index: number) => Response | Promise<Response>,
) {
  const requests: Request[] = [];
  const fetch: FetchFunction = async (input, init) => {
    const request = new Request(input, init);
    requests.push(request);
    return handler(request, requests.length - 1);
  };
  return { fetch, requests };
}

/** A JSON response with the rate-limit headers. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json',
      'ratelimit-limit': '600',
      'ratelimit-remaining': '598',
      'ratelimit-reset': '30',
      ...headers,
    },
  });
}
