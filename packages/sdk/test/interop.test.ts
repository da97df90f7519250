import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefClient } from '../src/client';
import { NotFoundError, ResponseValidationError } from '../src/index';
import { account } from './helpers/fixtures';
import { sendJson, startTestServer, type TestServer } from './helpers/http-server';
import { clientFor as localClient } from './helpers/local-client';
import { RULE_ID, rule } from './helpers/shield-fixtures';

// Issue #14: a client stays usable when the API grows, and every exchange can be found in
// the server's request log by its Request-Id.
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const REQUEST_ID = 'req_0123456789abcdefABCDEF01';
const spyLogger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });
const clientFor = (s: TestServer, extra: ConstructorParameters<typeof RefClient>[0] = {}) =>
  localClient(s, { maxRetries: 0, ...extra });

// A rule list from a newer server: a property the contract lacks, a new `kind`.
const grownRules = {
  rules: [
    { ...rule('active'), kind: 'geo', geo_region: 'EU' },
    { ...rule('active', { id: RULE_ID.replace('7d', '8e') }), kind: 'geo', geo_region: 'US' },
  ],
  next_page_hint: null,
};

describe('additive change (validateResponses)', () => {
  it('compatible (default): keeps new fields and enum values, warns once per operation and path', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, { ...account, new_field: { nested: true } }),
    );
    const logger = spyLogger();
    const client = clientFor(server, { logger, logLevel: 'warn' });
    const first = await client.account.get();
    await client.account.get();
    expect(first).toEqual({ ...account, new_field: { nested: true } });
    expect(logger.warn.mock.calls).toEqual([
      ['[refapi-sdk] contract drift: GET /me: unknown property "new_field"'],
    ]);
  });

  it('compatible: a new enum value and nested new properties pass, each path reported once', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, grownRules));
    const logger = spyLogger();
    const { rules } = await clientFor(server, { logger, logLevel: 'warn' })
      .shield('REF-SVC-A1')
      .rules.list();
    expect(rules.map((r) => r.kind)).toEqual(['geo', 'geo']);
    expect((rules[0] as unknown as { geo_region: string }).geo_region).toBe('EU');
    const lines = logger.warn.mock.calls.map((c) => c[0]).sort();
    expect(lines).toEqual([
      '[refapi-sdk] contract drift: GET /services/{service_ref}/shield/rules: unknown property "next_page_hint"',
      '[refapi-sdk] contract drift: GET /services/{service_ref}/shield/rules: unknown property "rules[].geo_region"',
      '[refapi-sdk] contract drift: GET /services/{service_ref}/shield/rules: unknown value "geo" of "rules[].kind"',
    ]);
  });

  it('compatible: a missing required field or a wrong type still throws', async () => {
    const { email: _dropped, ...noEmail } = account;
    server = await startTestServer((_req, res, i) =>
      sendJson(res, 200, i === 0 ? { ...noEmail, new_field: 1 } : { ...account, status: 7 }),
    );
    const client = clientFor(server);
    const missing = await client.account.get().catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ResponseValidationError);
    // The breaking issue comes first, so the message names it.
    expect((missing as ResponseValidationError).issues[0]?.path).toEqual(['email']);
    const wrongType = await client.account.get().catch((e: unknown) => e);
    expect(wrongType).toBeInstanceOf(ResponseValidationError);
  });

  it('compatible: a new value of an enum the SDK branches on (profile state) throws', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, { profile: { code: 'strict', state: 'paused' } }),
    );
    const error = await clientFor(server)
      .shield('REF-SVC-A1')
      .profiles.apply('strict')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('strict: any drift throws ResponseValidationError', async () => {
    server = await startTestServer((_req, res, i) =>
      i === 0 ? sendJson(res, 200, { ...account, new_field: 1 }) : sendJson(res, 200, grownRules),
    );
    const client = clientFor(server, { validateResponses: 'strict' });
    await expect(client.account.get()).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(client.shield('REF-SVC-A1').rules.list()).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });

  it('false: nothing is checked, nothing is logged', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, { ...account, status: 7 }));
    const logger = spyLogger();
    const got = await clientFor(server, { validateResponses: false, logger }).account.get();
    expect(got.status).toBe(7);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('rejects an unknown mode', () => {
    expect(
      () =>
        new RefClient({
          apiKey: 'refak_x',
          validateResponses: 'loose' as unknown as 'strict',
        }),
    ).toThrow(/validateResponses/);
  });
});

describe('Request-Id', () => {
  it('is on the result metadata and on withResponse()', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, account, { 'request-id': REQUEST_ID }),
    );
    const client = clientFor(server);
    const got = await client.account.get();
    expect(got.requestId).toBe(REQUEST_ID);
    expect(Object.keys(got)).not.toContain('requestId');
    // Non-enumerable, as the types say (a spread's type has no requestId): JSON and a copy
    // drop it; withResponse() is the way to keep it beside the data.
    expect(JSON.stringify(got)).not.toContain(REQUEST_ID);
    expect({ ...got }).not.toHaveProperty('requestId');
    const { requestId } = await client.account.get().withResponse();
    expect(requestId).toBe(REQUEST_ID);
  });

  it('is on every page of a list', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(
        res,
        200,
        {
          invoices: [],
          pagination: { limit: 50, has_more: false },
          server_time: '2026-01-01T00:00:00Z',
        },
        { 'request-id': REQUEST_ID },
      ),
    );
    const page = await clientFor(server).invoices.list();
    expect(page.requestId).toBe(REQUEST_ID);
  });

  it('is on API errors and in their message', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 404, { error: 'not_found' }, { 'request-id': REQUEST_ID }),
    );
    const error = await clientFor(server)
      .services.get('REF-SVC-FFF')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).requestId).toBe(REQUEST_ID);
    expect((error as Error).message).toContain(
      `failed with 404 not_found (request ${REQUEST_ID}).`,
    );
  });

  it('is on validation errors', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, { ...account, email: 1 }, { 'request-id': REQUEST_ID }),
    );
    const error = await clientFor(server)
      .account.get()
      .catch((e: unknown) => e);
    expect((error as ResponseValidationError).requestId).toBe(REQUEST_ID);
    expect((error as Error).message).toContain(`(request ${REQUEST_ID})`);
  });

  it('is undefined when the server sends none', async () => {
    server = await startTestServer((_req, res, i) =>
      i === 0 ? sendJson(res, 200, account) : sendJson(res, 404, { error: 'not_found' }),
    );
    const client = clientFor(server);
    expect((await client.account.get()).requestId).toBeUndefined();
    const error = (await client.account.get().catch((e: unknown) => e)) as NotFoundError;
    expect(error.requestId).toBeUndefined();
    expect(error.message).not.toContain('(request');
  });
});
