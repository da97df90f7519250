import { afterEach, describe, expect, it } from 'vitest';
import { account, orderResult } from '../../test/helpers/fixtures';
import { sendJson, startTestServer, type TestServer } from '../../test/helpers/http-server';
import { clientFor } from '../../test/helpers/local-client';
import {
  AuthenticationError,
  BadRequestError,
  IdempotencyKeyInUseError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  ProviderError,
  RateLimitError,
  ServiceUnavailableError,
  UnprocessableEntityError,
} from '../errors/http-errors';
import { retryOptions } from './retry-policy';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const powerOk = {
  service_ref: 'REF-SVC-A1',
  action: 'reboot',
  accepted: true,
  server_time: '2026-01-01T00:00:00Z',
};

describe('retries', () => {
  it('waits for Retry-After on a 429, then succeeds', async () => {
    server = await startTestServer((_req, res, i) =>
      i === 0
        ? sendJson(res, 429, { error: 'rate_limited' }, { 'retry-after': '1' })
        : sendJson(res, 200, account),
    );
    const started = Date.now();
    const result = await clientFor(server).account.get();
    expect(result.account_ref).toBe('REF-ACCT-A1');
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('obeys a Retry-After given as an HTTP date', async () => {
    server = await startTestServer((_req, res, i) =>
      i === 0
        ? sendJson(
            res,
            429,
            { error: 'rate_limited' },
            { 'retry-after': new Date(Date.now() + 2000).toUTCString() },
          )
        : sendJson(res, 200, account),
    );
    const started = Date.now();
    await clientFor(server).account.get();
    // HTTP dates have whole-second precision: at least ~1 s must have passed.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(server.requests).toHaveLength(2);
  });

  it('fails fast with RateLimitError when Retry-After exceeds maxRetryAfterMs', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 429, { error: 'rate_limited' }, { 'retry-after': '120' }),
    );
    const started = Date.now();
    const error = await clientFor(server)
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(120);
    expect((error as RateLimitError).rateLimit).toEqual({
      limit: 600,
      remaining: 599,
      resetSeconds: 42,
    });
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('fails fast too when a 429 times its wait only by a RateLimit-Reset past maxRetryAfterMs', async () => {
    // ky waits for RateLimit-Reset alone (clamped to maxRetryAfterMs); the veto must see it.
    server = await startTestServer((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'ratelimit-reset': '3600' });
      res.end(JSON.stringify({ error: 'rate_limited' }));
    });
    const started = Date.now();
    const error = await clientFor(server, { maxRetryAfterMs: 5000 })
      .account.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('honours a lower maxRetryAfterMs per client', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 503, { error: 'shield_paused' }, { 'retry-after': '2' }),
    );
    const error = await clientFor(server, { maxRetryAfterMs: 1000 })
      .shield('REF-SVC-A1')
      .overview()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).retryAfterSeconds).toBe(2);
    expect(server.requests).toHaveLength(1);
  });

  it('still honours the deprecated maxRetryAfter, in the same milliseconds', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 503, { error: 'shield_paused' }, { 'retry-after': '2' }),
    );
    const error = await clientFor(server, { maxRetryAfter: 1000 })
      .account.get()
      .catch((e: unknown) => e);
    expect((error as ServiceUnavailableError).retryAfterSeconds).toBe(2);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 503 without Retry-After with backoff, not the rate-limit reset', async () => {
    server = await startTestServer((_req, res, i) =>
      i < 2 ? sendJson(res, 503, { error: 'unavailable' }) : sendJson(res, 200, account),
    );
    const started = Date.now();
    await clientFor(server).account.get();
    expect(server.requests).toHaveLength(3);
    // ratelimit-reset is 42 s on these responses; backoff is well under 2 s.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [422, UnprocessableEntityError],
  ])('never retries a %i', async (status, Class) => {
    server = await startTestServer((_req, res) => sendJson(res, status, { error: 'no' }));
    const error = await clientFor(server)
      .orders.create({ type: 'kvm', plan_code: 'kvm-s' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(server.requests).toHaveLength(1);
  });

  it('never retries a 502 from power: the provider said no', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 502, { error: 'provider_rejected' }),
    );
    const error = await clientFor(server)
      .services.power('REF-SVC-A1', 'reboot')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a gateway's 502 (no `{error}` body) like a 500, and ends in InternalServerError", async () => {
    server = await startTestServer((_req, res, i) => {
      if (i === 0) {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body>502 Bad Gateway</body></html>');
      } else sendJson(res, 200, account);
    });
    expect((await clientFor(server).account.get()).account_ref).toBe('REF-ACCT-A1');
    expect(server.requests).toHaveLength(2);

    await server.close();
    server = await startTestServer((_req, res) => {
      res.writeHead(502);
      res.end();
    });
    const error = await clientFor(server, { maxRetries: 1 })
      .account.get()
      .catch((e: unknown) => e);
    expect(server.requests).toHaveLength(2);
    // Not the provider refusing a power action: a server failure, said as one.
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).not.toBeInstanceOf(ProviderError);
    expect((error as InternalServerError).status).toBe(502);
    expect((error as Error).message).not.toContain('power');
  });

  it('retries a keyed POST on 500 and a reset connection, reusing one generated key', async () => {
    server = await startTestServer((_req, res, i) => {
      if (i === 0) return sendJson(res, 500, { error: 'internal' });
      if (i === 1) return void res.socket?.destroy();
      return sendJson(res, 200, powerOk);
    });
    const result = await clientFor(server).services.power('REF-SVC-A1', 'reboot');
    expect(result.accepted).toBe(true);
    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('generates a different key for each logical call, or uses the given one', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, orderResult(false)));
    const client = clientFor(server);
    await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' });
    await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' });
    await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' }, { idempotencyKey: 'buy-1' });
    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('buy-1');
  });

  it('retries 409 idempotency_key_in_use after a short delay with the same key', async () => {
    server = await startTestServer((_req, res, i) =>
      i === 0
        ? sendJson(res, 409, { error: 'idempotency_key_in_use' })
        : sendJson(res, 200, orderResult(true), { 'idempotent-replayed': 'true' }),
    );
    const result = await clientFor(server).orders.create({ type: 'kvm', plan_code: 'kvm-s' });
    expect(result.idempotent_replayed).toBe(true);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers['idempotency-key']).toBe(
      server.requests[0]?.headers['idempotency-key'],
    );
  });

  it('gives up on a key that stays in use with IdempotencyKeyInUseError', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 409, { error: 'idempotency_key_in_use' }),
    );
    const error = await clientFor(server, { maxRetries: 1 })
      .orders.create({ type: 'kvm', plan_code: 'kvm-s' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyKeyInUseError);
    expect(server.requests).toHaveLength(2);
  });

  it('stops after maxRetries', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 500, { error: 'internal' }));
    const error = await clientFor(server, { maxRetries: 1 })
      .account.get()
      .catch((e: unknown) => e);
    expect((error as { status: number }).status).toBe(500);
    expect(server.requests).toHaveLength(2);
  });
});

describe('retryOptions', () => {
  const base = { limit: 2, maxRetryAfterMs: 60_000, signal: undefined, deadline: undefined };
  it('allows POST and DELETE only with an Idempotency-Key', () => {
    expect(retryOptions({ ...base, hasIdempotencyKey: false }).methods).toEqual(['get', 'put']);
    expect(retryOptions({ ...base, hasIdempotencyKey: true }).methods).toContain('post');
  });

  it("never lists 502 as retriable: only a gateway's is, in shouldRetry", () => {
    expect(retryOptions({ ...base, hasIdempotencyKey: true }).statusCodes).not.toContain(502);
  });
});
