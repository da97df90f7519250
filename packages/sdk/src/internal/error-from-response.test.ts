import { ERROR_CODE_MEANINGS, ERROR_STATUS_MEANINGS } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import * as httpErrors from '../errors/http-errors';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  IdempotencyKeyInUseError,
  IdempotencyKeyReusedError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  PreconditionRequiredError,
  ProviderError,
  RateLimitError,
  ServiceUnavailableError,
  UnprocessableEntityError,
} from '../errors/http-errors';
import { RefApiError } from '../errors/ref-error';
import { STATUS_ERRORS } from '../errors/status-table';
import { KEPT_ERROR_BODY_BYTES } from './error-body';
import { errorFromResponse } from './error-from-response';

const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  errorFromResponse(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers }),
    'POST',
    'http://127.0.0.1:1/v1/orders',
  );

describe('errorFromResponse', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [428, PreconditionRequiredError],
    [429, RateLimitError],
    [502, ProviderError],
    [503, ServiceUnavailableError],
    [500, InternalServerError],
    [504, InternalServerError],
  ])('maps %i to its class', async (status, Class) => {
    const error = await respond(status, { error: 'some_code' });
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(RefApiError);
    expect(error.status).toBe(status);
    expect(error.code).toBe('some_code');
  });

  it('keeps the code and the field it names apart, the message whole', async () => {
    const error = await respond(400, { error: 'invalid_path: service_ref' });
    expect(error).toMatchObject({ code: 'invalid_path', param: 'service_ref' });
    expect(error.message).toContain('failed with 400 invalid_path: service_ref');
    const nested = await respond(400, { error: 'invalid_body: addons[3].units' });
    expect(nested).toMatchObject({ code: 'invalid_body', param: 'addons[3].units' });
    const plain = await respond(422, { error: 'insufficient_balance' });
    expect(plain).toMatchObject({ code: 'insufficient_balance', param: undefined });
    const none = await respond(500, 'not json');
    expect(none).toMatchObject({ code: undefined, param: undefined });
  });

  it("shows the server's code on one short line, keeping it whole on the error", async () => {
    const forged = 'bad\u001b[31m red\nlevel=info msg="login ok"\u202e';
    const error = await respond(409, { error: forged, status: 'x\ny' });
    for (const control of ['\n', '\u001b', '\u202e']) expect(error.message).not.toContain(control);
    expect(error.message).toContain('409 bad\\u001b[31m red\\u000alevel=info');
    expect(error.message).toContain('(status: x\\u000ay)');
    expect(error.code).toBe(forged);
    expect(error.conflictStatus).toBe('x\ny');

    const long = `invalid_body: ${'a'.repeat(100_000)}`;
    const huge = await respond(400, { error: long });
    expect(huge.message.length).toBeLessThan(1_000);
    expect(huge.message).toContain(`… (${long.length} characters)`);
    expect(huge.param).toHaveLength(100_000);
  });

  it('has one public class, named as in the status table, for every table entry', async () => {
    const names = Object.values(STATUS_ERRORS).map((spec) => spec.name);
    expect(Object.keys(httpErrors).sort()).toEqual([...names].sort());
    for (const [name, Class] of Object.entries(httpErrors)) {
      const error = new Class({
        status: 500,
        code: undefined,
        headers: new Headers(),
        rateLimit: undefined,
        method: 'GET',
        url: 'http://127.0.0.1:1/v1/services',
        body: undefined,
      });
      expect(error.name).toBe(name);
    }
  });

  it('picks an idempotency class only for a 409 and never by a numeric code', async () => {
    expect((await respond(400, { error: 'idempotency_key_reused' })).constructor).toBe(
      BadRequestError,
    );
    expect((await respond(409, { error: '404' })).constructor).toBe(ConflictError);
    expect((await respond(409, { error: '5xx' })).constructor).toBe(ConflictError);
  });

  it('keeps a status without its own class as a plain RefApiError', async () => {
    const error = await respond(413, { error: 'body_too_large' });
    expect(error.constructor).toBe(RefApiError);
  });

  it('tells the two idempotency conflicts apart and keeps the 409 status', async () => {
    expect(await respond(409, { error: 'idempotency_key_reused' })).toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    expect(await respond(409, { error: 'idempotency_key_in_use' })).toBeInstanceOf(
      IdempotencyKeyInUseError,
    );
    const lifecycle = await respond(409, { error: 'service_not_active', status: 'suspended' });
    expect(lifecycle.conflictStatus).toBe('suspended');
    expect(lifecycle.message).toContain('(status: suspended)');
  });

  it('carries Retry-After, rate limit, method and URL', async () => {
    const error = await respond(
      429,
      { error: 'rate_limited' },
      {
        'Retry-After': '12',
        'RateLimit-Limit': '120',
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': '12',
      },
    );
    expect(error.retryAfterSeconds).toBe(12);
    // The deprecated name reads the same seconds for a minor version.
    expect(error.retryAfter).toBe(12);
    expect(error.rateLimit).toEqual({ limit: 120, remaining: 0, resetSeconds: 12 });
    expect(error.method).toBe('POST');
    expect(error.message).toContain(
      'POST http://127.0.0.1:1/v1/orders failed with 429 rate_limited',
    );
  });

  it('says when to retry a 429 only when Retry-After says it (a proxy may send none)', async () => {
    const timed = await respond(429, { error: 'rate_limited' }, { 'Retry-After': '12' });
    expect(timed.message).toMatch(/ Retry after 12 s\.$/);
    const untimed = await respond(429, { error: 'rate_limited' });
    expect(untimed.retryAfterSeconds).toBeUndefined();
    expect(untimed.message).not.toContain('?');
    expect(untimed.message).toMatch(/ Slow down and retry later\.$/);
  });

  it('says what the status or its code means, as the contract writes it', async () => {
    const reused = await respond(409, { error: 'idempotency_key_reused' });
    expect(reused.meaning).toBe(ERROR_CODE_MEANINGS[409].idempotency_key_reused);
    const full = await respond(503, { error: 'state_unavailable' }, { 'Retry-After': '1' });
    expect(full.meaning).toBe(ERROR_CODE_MEANINGS[503].state_unavailable);
    const balance = await respond(422, { error: 'insufficient_balance' });
    expect(balance.meaning).toBe(ERROR_STATUS_MEANINGS[422]);
    expect(balance.message).toBe(
      `POST http://127.0.0.1:1/v1/orders failed with 422 insufficient_balance. ${ERROR_STATUS_MEANINGS[422]} The order cannot be fulfilled as requested.`,
    );
    // A Shield rule a provider would refuse is not called an order.
    const broad = await respond(422, { error: 'broad_rule_needs_ack' });
    expect(broad.meaning).toBe(ERROR_CODE_MEANINGS[422].broad_rule_needs_ack);
    expect(broad.message).toMatch(
      /needs `explicit_broad_ack: true`\. Change the rule as the error code says\.$/,
    );
    expect((await respond(500, {})).meaning).toBeUndefined();
  });

  it('blames the base URL, not a reference, for a 404 on a path that names no service', async () => {
    const notFound = (url: string) =>
      errorFromResponse(new Response('{"error":"not_found"}', { status: 404 }), 'GET', url);
    for (const url of ['http://127.0.0.1:1/me', 'http://127.0.0.1:1/services/stats?x=1']) {
      expect((await notFound(url)).message, url).toMatch(/Check that baseUrl is the API's/);
    }
    for (const url of [
      'http://127.0.0.1:1/v1/services/REF-SVC-1',
      'http://127.0.0.1:1/v1/services/REF-SVC-1/shield/rules',
      'http://127.0.0.1:1/v1/services/statsman',
    ]) {
      expect((await notFound(url)).message, url).toMatch(/Check the reference belongs/);
    }
  });

  it('keeps the first 64 KiB of a longer body as text, says so, and still reads its code', async () => {
    const page = `<html>${'Bad Gateway '.repeat(400_000)}</html>`; // ~4.8 MB
    const gateway = await respond(502, page);
    expect(KEPT_ERROR_BODY_BYTES).toBe(65_536);
    expect(gateway.bodyTruncated).toBe(true);
    expect(gateway.body).toBe(page.slice(0, KEPT_ERROR_BODY_BYTES));
    expect(gateway.code).toBeUndefined();

    // A character the cut splits is left out rather than kept as U+FFFD.
    const accents = await respond(500, `x${'é'.repeat(40_000)}`);
    expect(accents.body).toBe(`x${'é'.repeat(32_767)}`);

    // A long JSON body: the codes come from the whole of it, the error keeps its start.
    const padded = { error: 'shield_busy', status: 'applying', detail: 'd'.repeat(100_000) };
    const conflict = await respond(409, padded);
    expect(conflict).toMatchObject({ code: 'shield_busy', conflictStatus: 'applying' });
    expect(conflict.bodyTruncated).toBe(true);
    expect(conflict.body).toBe(JSON.stringify(padded).slice(0, KEPT_ERROR_BODY_BYTES));

    const small = await respond(404, { error: 'not_found' });
    expect(small.bodyTruncated).toBe(false);
    expect(small.body).toEqual({ error: 'not_found' });
  });

  it('survives a body that is not JSON', async () => {
    const error = await respond(500, '<html>oops</html>');
    expect(error.code).toBeUndefined();
    expect(error.body).toBe('<html>oops</html>');
  });
});
