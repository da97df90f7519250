import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createReferenceServer } from '@refapi/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account } from '../../test/helpers/fixtures';
import { sendJson, startTestServer, type TestServer } from '../../test/helpers/http-server';
import { clientFor, delayed, TEST_KEY as KEY } from '../../test/helpers/local-client';
import { DEMO } from '../../test/helpers/reference';
import { RefClient } from '../client';
import {
  ConnectionError,
  ResponseDecodeError,
  ResponseTooLargeError,
  TimeoutError,
  UserAbortError,
} from '../errors/client-errors';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const KIB = 1024;

/** Resolves when the server side of `res`'s connection is closed. */
const closed = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    if (res.socket?.destroyed) resolve();
    else res.on('close', () => resolve());
  });

/** Headers, then one fragment of JSON, then nothing: the connection stays open. */
function stallAfterHeaders(onRes: (res: ServerResponse) => void) {
  return (_req: unknown, res: ServerResponse) => {
    onRes(res);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"account_ref":');
  };
}

/**
 * Streams JSON-ish bytes in 16 KiB chunks, honouring backpressure, up to `capBytes` (so a
 * client without a limit ends instead of hanging); counts what it managed to write.
 */
function streamEndlessly(stats: { written: number; finished: boolean; res?: ServerResponse }) {
  const chunk = Buffer.alloc(16 * KIB, 0x61);
  const capBytes = 8 * 1024 * KIB;
  return async (_req: unknown, res: ServerResponse) => {
    stats.res = res;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('"');
    while (!res.destroyed && stats.written < capBytes) {
      stats.written += chunk.byteLength;
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
    }
    if (!res.destroyed) {
      stats.finished = true;
      res.end('"');
    }
  };
}

describe('per-attempt timeout covers the body', () => {
  it('times out a server that stalls after the headers', async () => {
    let res: ServerResponse | undefined;
    server = await startTestServer(stallAfterHeaders((r) => (res = r)));
    const error = await clientFor(server, { timeout: 300, maxRetries: 0 })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(300);
    expect((error as Error).message).toContain('GET');
    // The attempt's connection is dropped, not left half-read.
    await closed(res as ServerResponse);
  });

  it('times out a body that drips one byte at a time', async () => {
    server = await startTestServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      while (!res.destroyed) {
        res.write(' ');
        await delayed(50);
      }
    });
    const error = await clientFor(server, { timeout: 300, maxRetries: 0 })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('retries a body timeout like a header timeout', async () => {
    server = await startTestServer((_req, res, i) => {
      if (i === 0) stallAfterHeaders(() => undefined)(undefined, res);
      else sendJson(res, 200, account);
    });
    const got = await clientFor(server, { timeout: 300, maxRetries: 1 }).account.get();
    expect(got.account_ref).toBe(account.account_ref);
    expect(server.requests).toHaveLength(2);
  });

  it('ends a stalled body at totalTimeout with the SDK TimeoutError', async () => {
    server = await startTestServer(stallAfterHeaders(() => undefined));
    const error = await clientFor(server, { maxRetries: 0 })
      .account.get({ totalTimeout: 300 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('total timeout');
  });
});

/**
 * A client of the reference server in-process whose answers keep their headers but stall
 * after the first bytes of the body (`stallWhen` picks which attempts: the others answer
 * whole); `sent` holds the headers of each stalled answer.
 */
async function stallingReference(stallWhen: (attempt: number) => 'body' | 'headers' | 'none') {
  const reference = createReferenceServer();
  await reference.ready;
  const sent: Headers[] = [];
  let attempt = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const stall = stallWhen(attempt++);
    if (stall === 'headers') return new Promise<Response>(() => undefined);
    const response = await reference.fetch(request);
    if (stall === 'none') return response;
    sent.push(response.headers);
    const first = (await response.bytes()).subarray(0, 5);
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(first),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  const client = (options: ConstructorParameters<typeof RefClient>[0] = {}) =>
    new RefClient({ apiKey: DEMO.eurKey, baseUrl: reference.baseUrl, fetch, ...options });
  return { client, sent };
}

const expectedOf = (headers: Headers | undefined) => ({
  requestId: headers?.get('request-id'),
  rateLimit: {
    limit: Number(headers?.get('ratelimit-limit')),
    remaining: Number(headers?.get('ratelimit-remaining')),
    resetSeconds: Number(headers?.get('ratelimit-reset')),
  },
});

// The headers arrived, only the body did not: the error names the exchange as an error about
// any other response does (README: every error carries them when a response arrived).
describe("a timeout while the body is read carries the response's requestId and rateLimit", () => {
  it('of the per-attempt timeout (reference server in-process)', async () => {
    const { client, sent } = await stallingReference(() => 'body');
    const error = await client({ timeout: 200, maxRetries: 0 })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('request-id')).toMatch(/^req_/);
    expect(error).toMatchObject(expectedOf(sent[0]));
    expect((error as Error).message).toContain(`(request ${sent[0]?.get('request-id')})`);
  });

  it('of the total timeout (reference server in-process)', async () => {
    const { client, sent } = await stallingReference(() => 'body');
    const error = await client({ maxRetries: 0 })
      .account.get({ totalTimeout: 200 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('total timeout');
    expect(error).toMatchObject(expectedOf(sent[0]));
  });

  it('but not of an earlier attempt when the last one timed out before its headers', async () => {
    const { client, sent } = await stallingReference((n) => (n === 0 ? 'body' : 'headers'));
    const error = await client({ timeout: 200, maxRetries: 1 })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(sent).toHaveLength(1);
    expect(error).toMatchObject({ requestId: undefined, rateLimit: undefined });
  });

  it('on the error a beforeRetry hook gets for the attempt', async () => {
    const { client, sent } = await stallingReference((n) => (n === 0 ? 'body' : 'none'));
    const retried: unknown[] = [];
    const hooks = { beforeRetry: [({ error }: { error: Error }) => void retried.push(error)] };
    await client({ timeout: 200, maxRetries: 1, hooks }).account.get();
    expect(retried).toHaveLength(1);
    expect(retried[0]).toBeInstanceOf(TimeoutError);
    expect(retried[0]).toMatchObject(expectedOf(sent[0]));
  });

  it('over HTTP, when the server stalls after the headers', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'request-id': 'req_stalled',
        'ratelimit-limit': '600',
        'ratelimit-remaining': '41',
        'ratelimit-reset': '9',
      });
      res.write('{"account_ref":');
    });
    const error = await clientFor(server, { timeout: 200, maxRetries: 0 })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      requestId: 'req_stalled',
      rateLimit: { limit: 600, remaining: 41, resetSeconds: 9 },
    });
  });
});

// The caller's abort is not a timeout, but the headers had arrived all the same.
describe("a UserAbortError while the body is read carries the response's requestId and rateLimit", () => {
  /** Aborts `controller` with `reason` once the first stalled answer's headers are in. */
  async function abortOnceStalled(sent: Headers[], controller: AbortController, reason?: unknown) {
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    controller.abort(reason);
  }

  it('with the signal’s default reason (reference server in-process)', async () => {
    const { client, sent } = await stallingReference(() => 'body');
    const controller = new AbortController();
    const pending = client({ maxRetries: 0 })
      .account.get({ signal: controller.signal })
      .catch((e: unknown) => e);
    await abortOnceStalled(sent, controller);
    const error = await pending;
    expect(error).toBeInstanceOf(UserAbortError);
    expect((error as UserAbortError).cause).toBe(controller.signal.reason);
    expect(error).toMatchObject(expectedOf(sent[0]));
    expect((error as Error).message).toContain(`(request ${sent[0]?.get('request-id')})`);
  });

  it('with a reason that is not an object, and with a totalTimeout beside the signal', async () => {
    const { client, sent } = await stallingReference(() => 'body');
    const controller = new AbortController();
    const pending = client({ maxRetries: 0 })
      .account.get({ signal: controller.signal, totalTimeout: 60_000 })
      .catch((e: unknown) => e);
    await abortOnceStalled(sent, controller, 'user left');
    const error = await pending;
    expect(error).toBeInstanceOf(UserAbortError);
    expect((error as UserAbortError).cause).toBe('user left');
    expect(error).toMatchObject(expectedOf(sent[0]));
  });

  it('but not of an earlier attempt a timeout cut short, aborted before the next one', async () => {
    const { client, sent } = await stallingReference(() => 'body');
    const controller = new AbortController();
    // The first attempt times out in its body; the call aborts before the retry goes out.
    const hooks = { beforeRetry: [() => controller.abort()] };
    const error = await client({ timeout: 200, maxRetries: 1, hooks })
      .account.get({ signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserAbortError);
    expect(sent).toHaveLength(1);
    expect(error).toMatchObject({ requestId: undefined, rateLimit: undefined });
  });
});

// afterResponse hooks run after the body was read whole: the response is in hand, and an
// attempt that ends in them names it.
describe("a limit reached in afterResponse hooks carries the response's requestId and rateLimit", () => {
  /** A client whose afterResponse hook never settles; `seen` holds the headers it saw. */
  async function stallingHook() {
    const { client } = await stallingReference(() => 'none');
    const seen: Headers[] = [];
    const hooks = {
      afterResponse: [
        ({ response }: { response: Response }) => {
          seen.push(response.headers);
          return new Promise<void>(() => undefined);
        },
      ],
    };
    return {
      client: (options: ConstructorParameters<typeof RefClient>[0] = {}) =>
        client({ hooks, ...options }),
      seen,
    };
  }

  it('of the per-attempt timeout', async () => {
    const { client, seen } = await stallingHook();
    const error = await client({ timeout: 200, maxRetries: 1 })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('timed out running afterResponse hooks');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.get('request-id')).toMatch(/^req_/);
    expect(error).toMatchObject(expectedOf(seen[0]));
    expect((error as Error).message).toContain(`(request ${seen[0]?.get('request-id')})`);
  });

  it('of the total timeout', async () => {
    const { client, seen } = await stallingHook();
    const error = await client({ maxRetries: 0 })
      .account.get({ totalTimeout: 200 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('total timeout');
    expect(error).toMatchObject(expectedOf(seen[0]));
  });

  it('of the caller’s abort', async () => {
    const { client, seen } = await stallingHook();
    const controller = new AbortController();
    const pending = client({ maxRetries: 0 })
      .account.get({ signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(UserAbortError);
    expect(error).toMatchObject(expectedOf(seen[0]));
  });
});

describe('maxResponseBytes', () => {
  it('drops the connection of an endless body past the limit, without retrying', async () => {
    const stats: { written: number; finished: boolean; res?: ServerResponse } = {
      written: 0,
      finished: false,
    };
    server = await startTestServer(streamEndlessly(stats));
    const error = await clientFor(server, { maxResponseBytes: 64 * KIB, maxRetries: 2 })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ maxBytes: 64 * KIB, method: 'GET' });
    expect((error as Error).message).toContain('/v1/me');
    await closed(stats.res as ServerResponse);
    // The client stopped reading: the server never got to write the whole stream.
    expect(stats.finished).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('fails at once on a Content-Length above the limit', async () => {
    let res: ServerResponse | undefined;
    server = await startTestServer((_req, r) => {
      res = r;
      r.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1 << 30) });
      r.write('{');
    });
    const error = await clientFor(server, { maxResponseBytes: 64 * KIB })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    await closed(res as ServerResponse);
  });

  it('bounds error bodies too', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 400, { error: 'x'.repeat(128 * KIB) }),
    );
    const error = await clientFor(server, { maxResponseBytes: 64 * KIB })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });

  it('reads a body right at the limit', async () => {
    const body = JSON.stringify(account);
    server = await startTestServer((_req, res) => sendJson(res, 200, account));
    const got = await clientFor(server, {
      maxResponseBytes: Buffer.byteLength(body),
    }).account.get();
    expect(got).toEqual(account);
  });

  it('rejects a limit that is not a positive whole number', () => {
    for (const maxResponseBytes of [0, -1, 1.5, Number.NaN]) {
      expect(() => new RefClient({ apiKey: KEY, maxResponseBytes })).toThrow(/maxResponseBytes/);
    }
  });
});

describe('the response an oversized or undecodable body came with', () => {
  // What every SDK error carries "when a response arrived" (README, Errors): the headers came.
  const SENT = {
    'content-type': 'application/json',
    'request-id': 'req_big',
    'ratelimit-limit': '600',
    'ratelimit-remaining': '42',
    'ratelimit-reset': '17',
  };

  it('gives ResponseTooLargeError and ResponseDecodeError its rateLimit and requestId', async () => {
    for (const [headers, body, Class] of [
      [SENT, Buffer.alloc(4 * KIB, 0x61), ResponseTooLargeError],
      [{ ...SENT, 'content-encoding': 'gzip' }, Buffer.from('not gzip'), ResponseDecodeError],
    ] as const) {
      server = await startTestServer((_req, res) => {
        res.writeHead(200, headers);
        res.end(body);
      });
      const error = await clientFor(server, { maxResponseBytes: KIB, maxRetries: 0 })
        .account.get()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Class);
      expect(error).toMatchObject({
        requestId: 'req_big',
        rateLimit: { limit: 600, remaining: 42, resetSeconds: 17 },
      });
      await server.close();
      server = undefined;
    }
  });
});

describe('a body that cannot be decoded', () => {
  const encoded = (encoding: string, bytes: Uint8Array, status = 200) =>
    startTestServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json', 'content-encoding': encoding });
      res.end(bytes);
    });

  it('is a ResponseDecodeError, not a dropped connection, and is not retried', async () => {
    server = await encoded('gzip', Buffer.from('not gzip at all'));
    const error = await clientFor(server, { maxRetries: 2 })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseDecodeError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ method: 'GET', status: 200, contentEncoding: 'gzip' });
    expect((error as Error).message).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/v1\/me answered 200 with a body that could not be decoded \(Content-Encoding: gzip: incorrect header check\); not retried/,
    );
    expect(((error as Error).cause as { code?: string }).code).toBe('Z_DATA_ERROR');
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it('is a ResponseDecodeError for a gzip checksum, brotli, and an error status alike', async () => {
    const gzip = gzipSync(JSON.stringify(account));
    gzip[gzip.length - 6] = (gzip[gzip.length - 6] as number) ^ 0xff;
    const brotli = brotliCompressSync(JSON.stringify(account)).subarray(0, 5);
    for (const [encoding, bytes, status] of [
      ['gzip', gzip, 200],
      ['br', Buffer.concat([brotli, Buffer.from('garbage')]), 200],
      ['gzip', Buffer.from('<html>'), 503],
    ] as const) {
      server = await encoded(encoding, bytes, status);
      const error = await clientFor(server, { maxRetries: 2 })
        .account.get()
        .catch((e: unknown) => e);
      expect(error, encoding).toBeInstanceOf(ResponseDecodeError);
      expect(error).toMatchObject({ status, contentEncoding: encoding });
      expect(server.requests).toHaveLength(1);
      await server.close();
      server = undefined;
    }
  });

  it('stays a ConnectionError, retried, when the connection drops inside a gzip body', async () => {
    const gzip = gzipSync(
      JSON.stringify({ ...account, pad: randomBytes(48 * KIB).toString('base64') }),
    );
    server = await startTestServer((_req, res, i) => {
      if (i > 0) return sendJson(res, 200, account);
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(gzip.length),
      });
      res.write(gzip.subarray(0, 1024));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const got = await clientFor(server, { maxRetries: 1 }).account.get();
    expect(got.account_ref).toBe(account.account_ref);
    expect(server.requests).toHaveLength(2);
  });
});
