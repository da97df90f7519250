import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AfterResponseContext,
  type BeforeErrorContext,
  type BeforeRetryContext,
  ConfigurationError,
  type FetchFunction,
  type HookContext,
  NotFoundError,
  RateLimitError,
  RefClient,
  ServiceUnavailableError,
} from '../src/index';
import { DEMO, type Harness, inProcess } from './helpers/reference';

// The client's hooks against the reference server answered in-process; retries come from
// the server's fail-next queue (Retry-After: 0, so no wait).

let h: Harness;
beforeAll(async () => {
  h = await inProcess();
});
afterEach(async () => {
  await h.server.admin.reset();
});

/** The server's fetch, recording each request it was sent. */
function recordingFetch(): { fetch: FetchFunction; sent: Request[] } {
  const sent: Request[] = [];
  const fetch: FetchFunction = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push(request.clone());
    return h.server.fetch(request);
  };
  return { fetch, sent };
}

describe('beforeRequest and beforeRetry', () => {
  it('see the operation id and attempt, and set headers that every attempt sends', async () => {
    const { fetch, sent } = recordingFetch();
    const seen: string[] = [];
    const client = h.client(DEMO.eurKey, {
      fetch,
      hooks: {
        beforeRequest: [
          ({ operationId, attempt, request }: HookContext) => {
            seen.push(`request ${operationId} ${attempt} ${request.method}`);
            request.headers.set('x-tenant', 'acme');
          },
        ],
        beforeRetry: [
          async ({ operationId, attempt, request, error }: BeforeRetryContext) => {
            seen.push(`retry ${operationId} ${attempt} ${error.name}`);
            request.headers.set('x-attempt', String(attempt));
          },
        ],
      },
    });
    h.server.admin.failNext('getAccount', 503, { retryAfter: 0 });
    h.server.admin.failNext('getAccount', 429, { retryAfter: 0 });
    const account = await client.account.get();
    expect(account.account_ref).toBe('REF-ACCT-1');
    expect(seen).toEqual([
      'request getAccount 1 GET',
      'retry getAccount 2 ServiceUnavailableError',
      'retry getAccount 3 RateLimitError',
    ]);
    expect(sent.map((r) => r.headers.get('x-tenant'))).toEqual(['acme', 'acme', 'acme']);
    expect(sent.map((r) => r.headers.get('x-attempt'))).toEqual([null, '2', '3']);
  });

  it('hand beforeRetry the typed error of the failed attempt', async () => {
    const errors: Error[] = [];
    const client = h.client(DEMO.eurKey, {
      hooks: { beforeRetry: [({ error }) => void errors.push(error)] },
    });
    h.server.admin.failNext('getAccount', 429, { retryAfter: 0 });
    await client.account.get();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(RateLimitError);
    expect((errors[0] as RateLimitError).retryAfterSeconds).toBe(0);
    expect((errors[0] as RateLimitError).requestId).toMatch(/^req_/);
  });
});

describe('afterResponse', () => {
  it('sees every attempt, error statuses included, with a body of its own to read', async () => {
    const seen: { attempt: number; status: number; error?: unknown; ref?: unknown }[] = [];
    const client = h.client(DEMO.eurKey, {
      hooks: {
        afterResponse: [
          async ({ operationId, attempt, response }: AfterResponseContext) => {
            expect(operationId).toBe('getAccount');
            expect(response.url).toBe('https://api.ref.test/v1/me');
            const body = (await response.json()) as { error?: string; account_ref?: string };
            seen.push({
              attempt,
              status: response.status,
              error: body.error,
              ref: body.account_ref,
            });
          },
        ],
      },
    });
    h.server.admin.failNext('getAccount', 503, { retryAfter: 0 });
    const account = await client.account.get();
    expect(seen).toEqual([
      { attempt: 1, status: 503, error: 'service_unavailable', ref: undefined },
      { attempt: 2, status: 200, error: undefined, ref: 'REF-ACCT-1' },
    ]);
    // The hook read its copy; the call still parsed its own.
    expect(account.account_ref).toBe('REF-ACCT-1');
  });
});

describe('beforeError', () => {
  it('receives the typed error, the attempts made and the request; may replace the error', async () => {
    class MissingServer extends Error {}
    const seen: BeforeErrorContext[] = [];
    const client = h.client(DEMO.eurKey, {
      hooks: {
        beforeError: [
          (context) => void seen.push(context),
          ({ error }) =>
            error instanceof NotFoundError ? new MissingServer('no such server') : undefined,
        ],
      },
    });
    await expect(client.services.get('REF-SVC-FFF')).rejects.toBeInstanceOf(MissingServer);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.operationId).toBe('getService');
    expect(seen[0]?.attempt).toBe(1);
    expect(seen[0]?.request?.url).toBe('https://api.ref.test/v1/services/REF-SVC-FFF');
    expect(seen[0]?.error).toBeInstanceOf(NotFoundError);
  });

  it('keeps the error when no hook returns one, after the retries ran out', async () => {
    const attempts: number[] = [];
    const client = h.client(DEMO.eurKey, {
      maxRetries: 1,
      hooks: { beforeError: [({ attempt }) => void attempts.push(attempt)] },
    });
    h.server.admin.failNext('getAccount', 503, { retryAfter: 0 });
    h.server.admin.failNext('getAccount', 503, { retryAfter: 0 });
    await expect(client.account.get()).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(attempts).toEqual([2]);
  });
});

describe('a hook that throws', () => {
  it('fails the call with its own error, never retried', async () => {
    const { fetch, sent } = recordingFetch();
    const boom = new Error('hook says no');
    const client = h.client(DEMO.eurKey, {
      fetch,
      hooks: {
        afterResponse: [
          () => {
            throw boom;
          },
        ],
      },
    });
    await expect(client.account.get()).rejects.toBe(boom);
    expect(sent).toHaveLength(1);
    const early = h.client(DEMO.eurKey, {
      fetch,
      hooks: {
        beforeRequest: [
          () => {
            throw boom;
          },
        ],
      },
    });
    await expect(early.account.get()).rejects.toBe(boom);
    expect(sent).toHaveLength(1);
  });
});

describe('configuration', () => {
  it('refuses hooks that are not arrays of functions, or unknown ones', () => {
    const make = (hooks: unknown) => () =>
      new RefClient({ apiKey: DEMO.eurKey, hooks: hooks as never });
    expect(make({ beforeRequest: () => undefined })).toThrow(ConfigurationError);
    expect(make({ beforeRequest: ['x'] })).toThrow(/hooks.beforeRequest must be an array/);
    expect(make({ afterRespons: [] })).toThrow(/hooks.afterRespons is not a hook/);
    expect(make('x')).toThrow(ConfigurationError);
    expect(make({ beforeRequest: [], afterResponse: undefined })).not.toThrow();
  });
});
