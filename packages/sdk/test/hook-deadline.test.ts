import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientHooks, NotFoundError, TimeoutError, UserAbortError } from '../src/index';
import { account } from './helpers/fixtures';
import { sendJson, startTestServer, type TestServer } from './helpers/http-server';
import { clientFor } from './helpers/local-client';

// Every user hook runs inside the call's limits: a hook that never settles ends the call with
// the SDK's TimeoutError (per-attempt `timeout`, or `totalTimeout`) or the abort reason of the
// caller's signal, against a real server on 127.0.0.1.

const never = () => new Promise<never>(() => undefined);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.url.endsWith('/services/REF-SVC-404')) sendJson(res, 404, { error: 'not_found' });
    else if (req.headers['x-fail'] === '503')
      sendJson(res, 503, { error: 'service_unavailable' }, { 'retry-after': '0' });
    else sendJson(res, 200, account);
  });
});
afterAll(() => server.close());

/** The call's outcome, or `'still pending'` when it did not settle within `ms`. */
async function outcome(call: Promise<unknown>, ms = 3_000): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise((resolve) => {
    timer = setTimeout(() => resolve('still pending'), ms);
  });
  try {
    return await Promise.race([
      call.then(
        (value) => ({ value }),
        (error: unknown) => error,
      ),
      guard,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// A limit no other timer of the process uses, so the timers armed for it can be told apart
// (the sockets of the server and of fetch keep timers of their own).
const LIMIT = 61_357;

/** How many timers of `LIMIT` ms that `run` armed were neither cleared nor fired. */
async function timersLeftBy(run: () => Promise<unknown>): Promise<number> {
  const { setTimeout: realSet, clearTimeout: realClear } = globalThis;
  const armed = new Set<ReturnType<typeof setTimeout>>();
  const set = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = realSet(
      (...values: unknown[]) => {
        armed.delete(timer);
        callback(...values);
      },
      ms,
      ...args,
    );
    if (ms === LIMIT) armed.add(timer);
    return timer;
  };
  globalThis.setTimeout = set as unknown as typeof setTimeout;
  globalThis.clearTimeout = ((timer: ReturnType<typeof setTimeout> | undefined) => {
    if (timer !== undefined) armed.delete(timer);
    realClear(timer);
  }) as typeof clearTimeout;
  try {
    await run();
  } finally {
    globalThis.setTimeout = realSet;
    globalThis.clearTimeout = realClear;
  }
  return armed.size;
}

const sentSince = (before: number) => server.requests.length - before;

describe('a hook that never settles', () => {
  it('beforeRequest: the per-attempt timeout ends the call with TimeoutError, nothing is sent', async () => {
    const before = server.requests.length;
    const client = clientFor(server, { timeout: 150, hooks: { beforeRequest: [never] } });
    const error = await outcome(client.account.get());
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(150);
    expect((error as Error).message).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/v1\/me .*beforeRequest/,
    );
    expect(sentSince(before)).toBe(0);
  });

  it('beforeRequest: totalTimeout ends the call with TimeoutError', async () => {
    const client = clientFor(server, { timeout: 60_000, hooks: { beforeRequest: [never] } });
    const error = await outcome(client.account.get({ totalTimeout: 150 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(150);
    expect((error as Error).message).toMatch(/total timeout/);
  });

  it("beforeRequest: the caller's signal aborts the call with its reason, no timer left", async () => {
    const controller = new AbortController();
    const reason = new Error('user went away');
    // The caller gives up while the hook hangs.
    const abortingHook = () => {
      setTimeout(() => controller.abort(reason), 20);
      return never();
    };
    const client = clientFor(server, { timeout: LIMIT, hooks: { beforeRequest: [abortingHook] } });
    let error: unknown;
    const left = await timersLeftBy(async () => {
      error = await outcome(client.account.get({ signal: controller.signal }));
    });
    expect(error).toBeInstanceOf(UserAbortError);
    expect((error as UserAbortError).cause).toBe(reason);
    // The hooks' limit was cleared with the call: nothing keeps the process alive for it.
    expect(left).toBe(0);
  });

  it('beforeRequest: a signal aborted before the call fails it at once, hooks not run', async () => {
    const ran: string[] = [];
    const hook = () => {
      ran.push('beforeRequest');
      return never();
    };
    const client = clientFor(server, { timeout: 60_000, hooks: { beforeRequest: [hook] } });
    const reason = new Error('cancelled before');
    const error = await outcome(client.account.get({ signal: AbortSignal.abort(reason) }), 1_000);
    expect(error).toBeInstanceOf(UserAbortError);
    expect((error as UserAbortError).cause).toBe(reason);
    expect(ran).toEqual([]);
  });

  it('beforeRetry: the per-attempt timeout ends the call with TimeoutError', async () => {
    const before = server.requests.length;
    const client = clientFor(server, { timeout: 150, hooks: { beforeRetry: [never] } });
    const error = await outcome(client.account.get({ headers: { 'x-fail': '503' } }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/beforeRetry/);
    expect(sentSince(before)).toBe(1);
  });

  it('afterResponse: the attempt times out and is not retried', async () => {
    const before = server.requests.length;
    const client = clientFor(server, { timeout: 150, hooks: { afterResponse: [never] } });
    const error = await outcome(client.account.get());
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/afterResponse/);
    expect(sentSince(before)).toBe(1);
  });

  it('afterResponse: totalTimeout and the signal end it too', async () => {
    const client = clientFor(server, { timeout: 60_000, hooks: { afterResponse: [never] } });
    const total = await outcome(client.account.get({ totalTimeout: 150 }));
    expect(total).toBeInstanceOf(TimeoutError);
    expect((total as Error).message).toMatch(/total timeout/);
    const reason = new Error('cancelled');
    const controller = new AbortController();
    const abortingHook = () => {
      setTimeout(() => controller.abort(reason), 20);
      return never();
    };
    const aborting = clientFor(server, {
      timeout: 60_000,
      hooks: { afterResponse: [abortingHook] },
    });
    const aborted = await outcome(aborting.account.get({ signal: controller.signal }));
    expect(aborted).toBeInstanceOf(UserAbortError);
    expect((aborted as UserAbortError).cause).toBe(reason);
  });

  it('beforeError: the call still fails, with TimeoutError caused by the original error', async () => {
    const client = clientFor(server, { timeout: 150, hooks: { beforeError: [never] } });
    const error = await outcome(client.services.get('REF-SVC-404'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/beforeError/);
    expect((error as Error).cause).toBeInstanceOf(NotFoundError);
  });
});

describe('hooks that settle', () => {
  it('run as before and leave no timer behind', async () => {
    const seen: string[] = [];
    const hooks: ClientHooks = {
      beforeRequest: [async () => void seen.push('beforeRequest')],
      beforeRetry: [async () => void seen.push('beforeRetry')],
      afterResponse: [async ({ response }) => void seen.push(`afterResponse ${response.status}`)],
      beforeError: [async () => void seen.push('beforeError')],
    };
    const client = clientFor(server, { timeout: LIMIT, hooks });
    const left = await timersLeftBy(async () => {
      const me = await client.account.get({ totalTimeout: 60_000 });
      expect(me.account_ref).toBe(account.account_ref);
      await expect(client.services.get('REF-SVC-404')).rejects.toBeInstanceOf(NotFoundError);
    });
    expect(seen).toEqual([
      'beforeRequest',
      'afterResponse 200',
      'beforeRequest',
      'afterResponse 404',
      'beforeError',
    ]);
    expect(left).toBe(0);
  });
});
