import { NotFoundError, RefApiError, ResponseValidationError, TimeoutError } from '@refapi/sdk';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/cli-error';
import { BASE_URL_HINT, describeError } from './describe-error';

const notFound = (url: string, code = 'not_found') =>
  new NotFoundError({
    status: 404,
    code,
    headers: new Headers(),
    rateLimit: undefined,
    method: 'GET',
    url,
    body: { error: code },
  });

const V1 = 'http://127.0.0.1:4010/v1';

describe('a 404 names what was not found', () => {
  it.each([
    [`${V1}/services/REF-SVC-999`, 'not_found', 'service REF-SVC-999 not found'],
    [`${V1}/services/REF-SVC-999/shield/rules`, 'not_found', 'service REF-SVC-999 not found'],
    [
      `${V1}/services/REF-SVC-101/shield/rules/5b0f9a4e-8c1d-4e2a-9f3b-2d6c7a8e1f00`,
      'shield_rule_not_found',
      'rule 5b0f9a4e-8c1d-4e2a-9f3b-2d6c7a8e1f00 not found',
    ],
    [
      `${V1}/services/REF-SVC-101/shield/presets/nope`,
      'shield_preset_not_found',
      'preset nope not found',
    ],
    // Nothing in the path to name: the code's words, as before.
    [`${V1}/me`, 'not_found', 'not found'],
  ])('%s (%s)', (url, code, message) => {
    const report = describeError(notFound(url, code), V1);
    expect(report).toMatchObject({ message, code, status: 404, exitCode: 3 });
    expect(report.hint).toBeUndefined();
  });
});

describe('the base URL hint', () => {
  it('comes with a 404, a 405 or an answer off the contract when the base URL lacks /v1', () => {
    const base = 'http://127.0.0.1:4010';
    expect(describeError(notFound(`${base}/me`), base).hint).toBe(BASE_URL_HINT);
    const notAllowed = new RefApiError({
      status: 405,
      code: undefined,
      headers: new Headers(),
      rateLimit: undefined,
      method: 'GET',
      url: `${base}/api/me`,
      body: '',
    });
    expect(describeError(notAllowed, `${base}/api`).hint).toBe(BASE_URL_HINT);
    const html = new ResponseValidationError({
      operationId: 'getAccount',
      status: 200,
      url: `${base}/me`,
      issues: [],
      body: '<html>',
      rateLimit: undefined,
    });
    expect(describeError(html, base).hint).toBe(BASE_URL_HINT);
  });

  it('stays away from base URLs ending in /v1 and from errors of other kinds', () => {
    expect(describeError(notFound(`${V1}/me`), V1).hint).toBeUndefined();
    expect(describeError(notFound(`${V1}/me`), `${V1}/`).hint).toBeUndefined();
    expect(describeError(notFound(`${V1}/me`)).hint).toBeUndefined();
    const base = 'http://127.0.0.1:4010';
    expect(describeError(new UsageError('bad flag'), base).hint).toBeUndefined();
    const timeout = new TimeoutError({
      method: 'GET',
      url: base,
      timeoutMs: 10,
      what: 'timed out',
    });
    expect(describeError(timeout, base).hint).toBeUndefined();
  });
});
