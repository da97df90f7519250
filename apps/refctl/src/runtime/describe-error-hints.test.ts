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

describe("the reference server's spaces", () => {
  const SPACE = 'http://127.0.0.1:4010/spaces/sp_a1B2c3/v1';
  const GONE = 'deleted, or unused past its TTL; see: refctl server spaces list';

  it('a base URL of a space ends in /v1: no base URL hint for a 404 there', () => {
    expect(describeError(notFound(`${SPACE}/services/REF-SVC-999`), SPACE)).toMatchObject({
      message: 'service REF-SVC-999 not found',
      exitCode: 3,
    });
    expect(describeError(notFound(`${SPACE}/nope`), SPACE).hint).toBeUndefined();
  });

  it('a space that is gone is named, at its API and at the admin API, with what happened', () => {
    expect(describeError(notFound(`${SPACE}/me`, 'space_not_found'), SPACE)).toMatchObject({
      message: 'space sp_a1B2c3 not found',
      code: 'space_not_found',
      exitCode: 3,
      hint: GONE,
    });
    const admin = 'http://127.0.0.1:4010/__admin/spaces/sp_zz';
    // Even with a base URL without /v1: the code says what is wrong, not the URL.
    expect(
      describeError(notFound(admin, 'space_not_found'), 'http://127.0.0.1:4010'),
    ).toMatchObject({ message: 'space sp_zz not found', exitCode: 3, hint: GONE });
  });

  it('the space limit says what to do; a refused admin token names REF_ADMIN_TOKEN', () => {
    // As `refctl server spaces` gets them (api-exchange.ts): RefApiError itself.
    const error = (status: number, code: string, url: string) =>
      new RefApiError({
        status,
        code,
        headers: new Headers(),
        rateLimit: undefined,
        method: 'POST',
        url,
        body: { error: code },
      });
    const spaces = 'http://127.0.0.1:4010/__admin/spaces';
    expect(describeError(error(409, 'space_limit_reached', spaces), `${V1}`)).toMatchObject({
      message: 'space limit reached',
      exitCode: 6,
      hint: 'the server holds its --max-spaces; delete one: refctl server spaces delete SPACE_ID',
    });
    expect(describeError(error(401, 'invalid_admin_token', spaces), V1)).toMatchObject({
      message: 'invalid admin token; check REF_ADMIN_TOKEN',
      exitCode: 4,
    });
    expect(describeError(error(401, 'invalid_api_key', `${V1}/me`), V1).message).toBe(
      'invalid api key; check REF_API_KEY or: refctl config show',
    );
  });
});
