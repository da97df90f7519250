import { ERROR_STATUS_MEANINGS } from '@refapi/schema';
import {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
  ProviderError,
  RateLimitError,
  type RefApiErrorInit,
  ResponseValidationError,
  ServiceUnavailableError,
  TimeoutError,
  UnprocessableEntityError,
} from '@refapi/sdk';
import { describe, expect, it } from 'vitest';
import { InterruptedError, UsageError } from '../errors/cli-error';
import { describeError, exitCodeForStatus } from './describe-error';

const init = (
  status: number,
  code: string,
  extra: Partial<RefApiErrorInit> = {},
): RefApiErrorInit => ({
  status,
  code,
  headers: new Headers(),
  rateLimit: undefined,
  method: 'POST',
  url: 'http://127.0.0.1:4010/v1/orders',
  body: { error: code },
  ...extra,
});

describe('exitCodeForStatus', () => {
  it('maps statuses to the documented exit codes', () => {
    expect([400, 401, 403, 404, 409, 422, 429, 502, 503].map(exitCodeForStatus)).toEqual([
      1, 4, 4, 3, 6, 1, 5, 1, 1,
    ]);
  });
});

describe('describeError', () => {
  it('says what the status means when the body carries no code', () => {
    const error = new ServiceUnavailableError({ ...init(503, ''), code: undefined, body: '' });
    expect(describeError(error)).toMatchObject({
      message: ERROR_STATUS_MEANINGS[503].replace(/\.$/, ''),
      code: 'http_503',
      status: 503,
      retriable: true,
    });
  });

  it("names a bare status the operation never answers by HTTP's name, as a proxy means it", () => {
    const base = 'http://127.0.0.1:4010/spaces/sp_1/v1';
    const bare = (status: number, method: string, path: string) => ({
      ...init(status, ''),
      code: undefined,
      body: '<html>bad gateway</html>',
      method,
      url: `${base}${path}`,
    });
    // The contract's 502 is a refused power action: not what a gateway's 502 on GET /me is.
    expect(describeError(new ProviderError(bare(502, 'GET', '/me')), base)).toMatchObject({
      message: 'bad gateway',
      code: 'http_502',
      status: 502,
    });
    expect(
      describeError(new ServiceUnavailableError(bare(503, 'GET', '/invoices')), base).message,
    ).toBe('service unavailable');
    // The API's own 502 (a refused power action) always names its code: a bare one is a
    // gateway's on the power path too.
    expect(
      describeError(new ProviderError(bare(502, 'POST', '/services/REF-SVC-101/power')), base)
        .message,
    ).toBe('bad gateway');
    // A Shield operation may answer 503: the contract's sentence says what it means there.
    expect(
      describeError(
        new ServiceUnavailableError(bare(503, 'GET', '/services/REF-SVC-101/shield/rules')),
        base,
      ).message,
    ).toBe(ERROR_STATUS_MEANINGS[503].replace(/\.$/, ''));
  });

  it("says what a body off the contract broke, without the SDK's option or a second request id", () => {
    const report = describeError(
      new ResponseValidationError({
        operationId: 'getAccount',
        status: 200,
        url: 'http://127.0.0.1:4010/v1/me',
        issues: [{ code: 'custom', path: ['email'], message: 'Invalid input', input: 1 }],
        body: { email: 1 },
        rateLimit: undefined,
        requestId: 'req_abc',
      }),
    );
    expect(report).toMatchObject({
      message:
        'getAccount answered a body that does not match the contract at email: Invalid input',
      code: 'response_validation',
      exitCode: 1,
    });
  });

  it('turns API codes into text, keeping the detail after the colon', () => {
    expect(describeError(new UnprocessableEntityError(init(422, 'insufficient_balance')))).toEqual({
      message: 'insufficient balance',
      code: 'insufficient_balance',
      status: 422,
      conflictStatus: undefined,
      exitCode: 1,
      retriable: false,
    });
    const invalid = describeError(
      new UnprocessableEntityError(init(400, 'invalid_body: addons[3].units')),
    );
    expect(invalid).toMatchObject({
      message: 'invalid body: addons[3].units',
      code: 'invalid_body',
    });
  });

  it('keeps the 409 lifecycle status and exit codes per class', () => {
    const conflict = describeError(
      new ConflictError(init(409, 'service_not_active', { conflictStatus: 'stopped' })),
    );
    expect(conflict).toMatchObject({ exitCode: 6, conflictStatus: 'stopped' });
    expect(describeError(new NotFoundError(init(404, 'not_found'))).exitCode).toBe(3);
    expect(describeError(new PermissionDeniedError(init(403, 'insufficient_scope'))).exitCode).toBe(
      4,
    );
    expect(describeError(new AuthenticationError(init(401, 'invalid_api_key'))).message).toContain(
      'REF_API_KEY',
    );
  });

  it('marks uncertain outcomes as retriable and says when to retry', () => {
    const limited = describeError(
      new RateLimitError(init(429, 'rate_limited', { retryAfter: 42 })),
    );
    expect(limited).toMatchObject({
      exitCode: 5,
      retriable: true,
      message: 'rate limited; retry after 42 s',
    });
    expect(describeError(new ServiceUnavailableError(init(503, 'shield_paused'))).retriable).toBe(
      true,
    );
    expect(describeError(new InterruptedError()).retriable).toBe(true);
    const timeout = new TimeoutError({
      method: 'GET',
      url: 'http://x/v1/me',
      timeoutMs: 30_000,
      what: 'timed out',
    });
    expect(describeError(timeout)).toMatchObject({
      code: 'timeout',
      exitCode: 1,
      retriable: true,
      message:
        'GET http://x/v1/me timed out: no complete response within 30s (--timeout); the server is slow or not answering',
    });
  });

  it('names the URL and the reason when no response came', () => {
    const cause = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    const error = new ConnectionError({ method: 'GET', url: 'http://127.0.0.1:9/v1/me', cause });
    expect(describeError(error)).toMatchObject({
      message: 'no response from http://127.0.0.1:9/v1/me (ECONNREFUSED)',
      exitCode: 1,
    });
  });

  it('passes CLI errors through and never shows a stack for unexpected ones', () => {
    expect(describeError(new UsageError('bad flag'))).toMatchObject({
      message: 'bad flag',
      exitCode: 2,
    });
    expect(describeError(new Error('boom'))).toEqual({
      message: 'boom',
      code: 'internal_error',
      exitCode: 1,
      retriable: false,
    });
  });
});
