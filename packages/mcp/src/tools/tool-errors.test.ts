import { ERROR_CODE_MEANINGS, ERROR_STATUS_MEANINGS, operations } from '@refapi/schema';
import {
  ConnectionError,
  PermissionDeniedError,
  RateLimitError,
  RefApiError,
  type RefApiErrorInit,
  ServiceUnavailableError,
  UnprocessableEntityError,
} from '@refapi/sdk';
import { describe, expect, it } from 'vitest';
import { errorInfo, toolError } from './tool-errors';
import { ToolRefusal } from './tool-refusal';

const init = (status: number, code: string, extra: Partial<RefApiErrorInit> = {}) => ({
  status,
  code,
  headers: new Headers(),
  rateLimit: undefined,
  method: 'POST',
  url: 'http://127.0.0.1:1/v1/orders',
  body: { error: code },
  ...extra,
});

describe('errorInfo', () => {
  it('names the scope the operation needs on insufficient_scope', () => {
    const error = new PermissionDeniedError(init(403, 'insufficient_scope'));
    expect(errorInfo(error, operations.createOrder)).toMatchObject({
      error: 'insufficient_scope',
      status: 403,
      missing_scope: 'orders:write',
    });
  });

  it('says a refused Shield rule is the rule, not an order, with what to change', () => {
    const broad = errorInfo(
      new UnprocessableEntityError(init(422, 'broad_rule_needs_ack')),
      operations.createShieldRule,
    );
    expect(broad).toMatchObject({
      error: 'broad_rule_needs_ack',
      status: 422,
      message: `The provider would refuse this Shield rule (broad_rule_needs_ack): ${ERROR_CODE_MEANINGS[422].broad_rule_needs_ack}`,
    });
    expect(String(broad.next_step)).toMatch(/explicit_broad_ack: true only if the user confirmed/);
    const order = errorInfo(
      new UnprocessableEntityError(init(422, 'insufficient_balance')),
      operations.createOrder,
    );
    expect(order.message).toBe('The order cannot be fulfilled (insufficient_balance).');
  });

  it('never tells the model to try again later for a call the API refused as sent', () => {
    const long = errorInfo(new RefApiError(init(431, 'headers_too_large')), operations.getService);
    expect(long).toMatchObject({
      error: 'headers_too_large',
      status: 431,
      message: ERROR_CODE_MEANINGS[431].headers_too_large,
    });
    expect(String(long.next_step)).toMatch(/far longer than the API takes/);
    const other = errorInfo(
      new RefApiError(init(415, 'unsupported_media_type')),
      operations.createOrder,
    );
    expect(String(other.next_step)).toMatch(/repeating it unchanged will not help/);
    const failed = errorInfo(new RefApiError(init(500, 'internal_error')), operations.getService);
    expect(failed.next_step).toBe('Try again later.');
    // A gateway's 502 has no code: a server failure, not the provider refusing an action.
    const gateway = errorInfo(
      new RefApiError({ ...init(502, ''), code: undefined, body: '<html>Bad Gateway</html>' }),
      operations.getService,
    );
    expect(gateway).toMatchObject({ status: 502, next_step: 'Try again later.' });
  });

  it('carries retry_after on 429 and 503', () => {
    const limited = errorInfo(
      new RateLimitError(init(429, 'rate_limit_exceeded', { retryAfter: 17 })),
      operations.listInvoices,
    );
    expect(limited).toMatchObject({ status: 429, retry_after: 17 });
    expect(toolError(limited).content[0]).toMatchObject({ text: expect.stringMatching(/17 s/) });
    const paused = errorInfo(
      new ServiceUnavailableError(init(503, 'shield_paused', { retryAfter: 30 })),
      operations.getShieldOverview,
    );
    expect(paused).toMatchObject({ status: 503, retry_after: 30 });
  });

  it('explains a status with the meaning the contract gives it', () => {
    const full = errorInfo(
      new ServiceUnavailableError(init(503, 'state_unavailable', { retryAfter: 1 })),
      operations.createOrder,
    );
    expect(full.message).toBe(ERROR_CODE_MEANINGS[503].state_unavailable);
    const paused = errorInfo(
      new ServiceUnavailableError(init(503, 'busy')),
      operations.getShieldOverview,
    );
    expect(paused.message).toBe(ERROR_STATUS_MEANINGS[503]);
  });

  it('says a write may be repeated safely after a lost connection', () => {
    const info = errorInfo(
      new ConnectionError({
        method: 'POST',
        url: 'http://127.0.0.1:1/v1/orders',
        cause: new Error('reset'),
      }),
      operations.createOrder,
    );
    expect(info.error).toBe('connection_failed');
    expect(info.next_step).toMatch(/same arguments/);
  });

  it('passes a refusal through with its details', () => {
    const refusal = new ToolRefusal('budget_exceeded', 'too much', 'stop', { remaining: 1 });
    expect(errorInfo(refusal, operations.createOrder)).toEqual({
      error: 'budget_exceeded',
      message: 'too much',
      next_step: 'stop',
      remaining: 1,
    });
  });

  it('reduces anything else to its name: no message, no stack', () => {
    const error = new TypeError('secret refak_abc at /home/x/file.ts:1');
    const result = toolError(errorInfo(error, operations.getAccount));
    const text = JSON.stringify(result);
    expect(result.isError).toBe(true);
    expect(text).toMatch(/TypeError/);
    expect(text).not.toMatch(/refak_abc|file\.ts/);
  });
});
