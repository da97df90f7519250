import {
  ConnectionError,
  parseRateLimit,
  RedirectError,
  RefApiError,
  sameOriginRedirects,
  TimeoutError,
} from '@refapi/sdk';

// One raw exchange of `refctl api`: no retries and no response checks (it is the escape
// hatch for what the typed commands do not cover), but the same failures as every other
// command: an error status is a RefApiError, a silent server a TimeoutError, no answer a
// ConnectionError, a redirect off the origin a RedirectError, so refctl reports them and
// picks the exit code the same way.

/** A request as `refctl api` sends it. */
export interface ApiRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body?: string | undefined;
}

/** A successful answer, its body read. */
export interface ApiAnswer {
  readonly response: Response;
  readonly text: string;
  /** The parsed body when it is JSON; undefined otherwise. */
  readonly json: unknown;
}

/** Limits of one exchange: the user's Ctrl-C and `--timeout`. */
export interface ExchangeLimits {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly fetch: typeof globalThis.fetch;
}

const isJson = (response: Response) =>
  /^application\/([\w.+-]+\+)?json\b/i.test(response.headers.get('content-type') ?? '');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorOf(request: ApiRequest, response: Response, text: string): RefApiError {
  const body = isJson(response) ? (parseJson(text) ?? text) : text;
  const code = (body as { error?: unknown } | null)?.error;
  const status = (body as { status?: unknown } | null)?.status;
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  return new RefApiError({
    status: response.status,
    code: typeof code === 'string' ? code : undefined,
    conflictStatus: response.status === 409 && typeof status === 'string' ? status : undefined,
    headers: response.headers,
    rateLimit: parseRateLimit(response.headers),
    requestId: response.headers.get('request-id') ?? undefined,
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
    method: request.method,
    url: request.url.toString(),
    body,
  });
}

/** Sends `request`; resolves to a 2xx answer with its body, throws a typed SDK error otherwise. */
export async function exchange(request: ApiRequest, limits: ExchangeLimits): Promise<ApiAnswer> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([limits.signal, deadline]);
  const url = request.url.toString();
  // The SDK's rule: a redirect is followed only within the request's origin (the base URL's:
  // api-target.ts keeps every path under it). fetch alone followed one anywhere, sending the
  // -H headers, the body and its Idempotency-Key to whatever host the Location named.
  const send = sameOriginRedirects(limits.fetch, request.url.origin);
  try {
    const response = await send(url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal,
      redirect: 'manual',
    });
    const text = await response.text();
    if (!response.ok) throw errorOf(request, response, text);
    return { response, text, json: isJson(response) ? parseJson(text) : undefined };
  } catch (error) {
    if (error instanceof RefApiError || error instanceof RedirectError || limits.signal.aborted) {
      throw error;
    }
    const { method } = request;
    if (deadline.aborted) {
      throw new TimeoutError({ method, url, timeoutMs: limits.timeoutMs, what: 'timed out' });
    }
    throw new ConnectionError({ method, url, cause: error });
  }
}
