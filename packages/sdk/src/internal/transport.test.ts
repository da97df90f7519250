import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '../../test/helpers/fixtures';
import { sendJson, startTestServer, type TestServer } from '../../test/helpers/http-server';
import { clientFor, delayed, TEST_KEY as KEY } from '../../test/helpers/local-client';
import { DEMO, inProcess } from '../../test/helpers/reference';
import { RefClient } from '../client';
import { ConnectionError, TimeoutError, UserAbortError } from '../errors/client-errors';
import { isTimeoutError } from '../errors/guards';
import { VERSION } from '../version';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('transport', () => {
  it('sends the bearer key, JSON accept and refapi-sdk User-Agent, and no other telemetry', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, account));
    await clientFor(server).account.get();
    const headers = server.requests[0]?.headers ?? {};
    expect(headers.authorization).toBe(`Bearer ${KEY}`);
    expect(headers['user-agent']).toBe(`refapi-sdk/${VERSION}`);
    expect(headers.accept).toBe('application/json');
    expect(Object.keys(headers).filter((h) => h.startsWith('x-'))).toEqual([]);
  });

  it('leaves User-Agent alone where the runtime is a browser', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, account));
    vi.stubGlobal('document', {});
    try {
      await clientFor(server).account.get();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(server.requests[0]?.headers['user-agent']).not.toContain('refapi-sdk');
  });

  it('passes per-request headers and a query string', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, {
        amount: 10,
        currency: 'EUR',
        account_currency: 'EUR',
        as_of: '2026-01-01T00:00:00Z',
      }),
    );
    await clientFor(server).balance.get(
      { displayCurrency: 'USD' },
      { headers: { 'x-trace': 'abc' } },
    );
    expect(server.requests[0]?.url).toBe('/v1/balance?display_currency=USD');
    expect(server.requests[0]?.headers['x-trace']).toBe('abc');
  });

  it('times out each attempt, retries, then throws TimeoutError', async () => {
    server = await startTestServer(async (_req, res) => {
      await delayed(400);
      sendJson(res, 200, account);
    });
    const error = await clientFor(server, { timeout: 100, maxRetries: 1 })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(100);
    expect(server.requests).toHaveLength(2);
  });

  it('stops at the total deadline across retries', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 503, { error: 'unavailable' }));
    const started = Date.now();
    const error = await clientFor(server, { maxRetries: 50 })
      .account.get({ totalTimeout: 500 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('total timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('throws UserAbortError for the caller’s abort, its reason the cause', async () => {
    server = await startTestServer(async (_req, res) => {
      await delayed(500);
      sendJson(res, 200, account);
    });
    const controller = new AbortController();
    const pending = clientFor(server).account.get({ signal: controller.signal });
    const reason = new Error('user gave up');
    setTimeout(() => controller.abort(reason), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserAbortError);
    expect(error).toMatchObject({ name: 'UserAbortError', method: 'GET', cause: reason });
    expect(isTimeoutError(error)).toBe(false);
  });

  it('throws ConnectionError when nothing listens, naming why, without the key in the message', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, account));
    const url = server.url;
    await server.close();
    server = undefined;
    const error = await new RefClient({ apiKey: KEY, baseUrl: url, maxRetries: 0 }).account
      .get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain('/v1/me');
    // Never '(undefined)': fetch's own error is the cause, and its reason is in the message.
    expect((error as Error).message).toMatch(/failed: no response \(connect ECONNREFUSED [^)]+\)/);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(String((error as Error).stack)).not.toContain(KEY);
    expect(inspect(error, { depth: 20 })).not.toContain(KEY);
  });

  // A fetch of the caller's (a proxy agent's) may fail with a page of text: the message
  // stays one line, the whole text kept on the cause.
  it('shows the reason of a ConnectionError on one short line', async () => {
    const page = `proxy refused:\n<html>\n${'x'.repeat(1000)}\n</html>`;
    const cause = new Error(page);
    const fetch = async () => Promise.reject(cause);
    const error = await new RefClient({
      apiKey: KEY,
      baseUrl: 'http://127.0.0.1:9/v1',
      fetch,
    }).account
      .get({ maxRetries: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    const { message } = error as Error;
    expect(message).not.toMatch(/[\r\n]/);
    expect(message).toContain('(proxy refused:\\u000a<html>\\u000axxx');
    expect(message.length).toBeLessThan(400);
    expect((error as Error).cause).toBe(cause);
  });

  it('never shows the key when an error is printed, causes included', async () => {
    server = await startTestServer(async (_req, res) => {
      await delayed(300);
      sendJson(res, 200, account);
    });
    const timeout = await clientFor(server, { timeout: 50, maxRetries: 0 })
      .account.get()
      .catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(TimeoutError);
    expect(inspect(timeout, { depth: 20 })).not.toContain(KEY);
    const total = await clientFor(server, { totalTimeout: 50 })
      .account.get()
      .catch((e: unknown) => e);
    expect(inspect(total, { depth: 20 })).not.toContain(KEY);
  });

  it('logs requests and retries at debug with Authorization redacted', async () => {
    server = await startTestServer((_req, res, i) =>
      i === 0 ? sendJson(res, 500, { error: 'internal' }) : sendJson(res, 200, account),
    );
    const lines: unknown[][] = [];
    const record = (...args: unknown[]) => void lines.push(args);
    const logger = { debug: record, info: record, warn: record, error: record };
    await clientFor(server, { logger, logLevel: 'debug' }).account.get();
    const text = JSON.stringify(lines);
    expect(text).toContain('→ GET');
    expect(text).toContain('retrying GET');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(KEY);
  });

  it('logs each attempt at debug with its real number, retries included', async () => {
    server = await startTestServer((_req, res, i) =>
      i < 2 ? sendJson(res, 503, { error: 'unavailable' }) : sendJson(res, 200, account),
    );
    const attempts: unknown[] = [];
    const debug = (...args: unknown[]) => {
      const text = JSON.stringify(args);
      if (text.includes('→ GET')) attempts.push(/"attempt":(\d+)/.exec(text)?.[1]);
    };
    const logger = { debug, info: () => undefined, warn: () => undefined, error: () => undefined };
    await clientFor(server, { logger, logLevel: 'debug' }).account.get();
    expect(server.requests).toHaveLength(3);
    expect(attempts).toEqual(['1', '2', '3']);
  });

  it('redacts credentials passed as per-request headers in the debug log', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, account));
    const lines: unknown[][] = [];
    const record = (...args: unknown[]) => void lines.push(args);
    const logger = { debug: record, info: record, warn: record, error: record };
    await clientFor(server, { logger, logLevel: 'debug' }).account.get({
      headers: {
        'x-api-key': 'sk_live_1',
        cookie: 'sid=2',
        'x-session-token': 'tok_3',
        'proxy-authorization': 'Basic p_5',
        'x-auth': 'a_6',
        'x-password': 'w_7',
        cookie2: 'c_8',
      },
      idempotencyKey: 'visible-key-4',
    });
    const text = JSON.stringify(lines);
    const secrets = ['sk_live_1', 'sid=2', 'tok_3', 'p_5', 'a_6', 'w_7', 'c_8', KEY];
    for (const secret of secrets) expect(text).not.toContain(secret);
    // Redacted among the headers by the journal's rule, shown in a field of its own.
    expect(lines[0]?.[1]).toMatchObject({
      headers: { 'idempotency-key': '[redacted]' },
      idempotencyKey: 'visible-key-4',
    });
  });

  // `{ idempotencyKey: process.env.REF_API_KEY }`, the wrong variable: the server's journal
  // redacts such a key, and so does the debug log, which shows other keys to match retries.
  it('redacts an idempotency key that holds an API key in the debug log', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, { service_ref: 'REF-SVC-1', action: 'reboot', accepted: true }),
    );
    const lines: unknown[][] = [];
    const record = (...args: unknown[]) => void lines.push(args);
    const logger = { debug: record, info: record, warn: record, error: record };
    const client = clientFor(server, { logger, logLevel: 'debug', validateResponses: false });
    for (const idempotencyKey of [KEY, 'refak_another_key']) {
      await client.services.power('REF-SVC-1', 'reboot', { idempotencyKey });
    }
    const text = JSON.stringify(lines);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('refak_another_key');
    expect(lines[0]?.[1]).toMatchObject({ idempotencyKey: '[redacted]' });
  });

  // The reference server's `fetch` (as msw) answers with a constructed Response, whose `url`
  // is empty: the response line still names the request, redacted as the request line is.
  it('names the request URL on the response line when the fetch answers in-process', async () => {
    const reference = await inProcess();
    const lines: string[] = [];
    const debug = (line: string) => void lines.push(line);
    const logger = { debug, info: debug, warn: debug, error: debug };
    const client = reference.client(DEMO.eurKey, { logger, logLevel: 'debug' });
    await client.account.get();
    // A credential in the query (here an unknown parameter the server ignores) stays hidden.
    await client.invoices.list({ limit: 1, api_key: 'secret_in_query' } as never);
    const answered = lines.filter((line) => line.includes('← '));
    expect(answered).toEqual([
      `[refapi-sdk] ← 200 GET ${reference.server.baseUrl}/me`,
      `[refapi-sdk] ← 200 GET ${reference.server.baseUrl}/invoices?limit=1&api_key=%5Bredacted%5D`,
    ]);
    expect(lines.join('\n')).not.toContain('secret_in_query');
  });

  it('logs nothing by default', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, account));
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await clientFor(server, { logger }).account.get();
    for (const fn of Object.values(logger)) expect(fn).not.toHaveBeenCalled();
  });
});
