import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '../test/helpers/fake-fetch';
import { account } from '../test/helpers/fixtures';
import { DEMO, inProcess } from '../test/helpers/reference';
import { RefClient } from './client';
import { ConfigurationError } from './errors/client-errors';
import { BadRequestError, InternalServerError, NotFoundError } from './errors/http-errors';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('new RefClient()', () => {
  it('throws a clear ConfigurationError without a key', () => {
    vi.stubEnv('REF_API_KEY', '');
    expect(() => new RefClient()).toThrow(ConfigurationError);
    expect(() => new RefClient()).toThrow(/REF_API_KEY/);
  });

  it('falls back to REF_API_KEY and REF_BASE_URL', async () => {
    vi.stubEnv('REF_API_KEY', 'refak_from_env');
    vi.stubEnv('REF_BASE_URL', 'https://api.example.test/v1/');
    const { fetch, requests } = fakeFetch(() => json(200, account));
    const client = new RefClient({ fetch });
    expect(client.baseUrl).toBe('https://api.example.test/v1');
    await client.account.get();
    expect(requests[0]?.url).toBe('https://api.example.test/v1/me');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer refak_from_env');
  });

  it('prefers explicit options over the environment', () => {
    vi.stubEnv('REF_BASE_URL', 'https://env.example.test/v1');
    const client = new RefClient({ apiKey: 'refak_x', baseUrl: 'http://127.0.0.1:9/v1' });
    expect(client.baseUrl).toBe('http://127.0.0.1:9/v1');
  });

  it('rejects a malformed base URL, key or number without echoing the key', () => {
    expect(() => new RefClient({ apiKey: 'refak_x', baseUrl: 'not a url' })).toThrow(
      ConfigurationError,
    );
    expect(() => new RefClient({ apiKey: 'refak_x', baseUrl: 'ftp://h/v1' })).toThrow(/http/);
  });

  it('never repeats the credentials of a malformed base URL, a password holding an @ included', () => {
    const refusal = (baseUrl: string) => {
      try {
        new RefClient({ apiKey: 'refak_x', baseUrl });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('taken');
    };
    expect(refusal('https://ci:p@ss@ api.example/v1?token=t')).toBe(
      'baseUrl "https://***@ api.example/v1" is not an absolute URL.',
    );
  });

  it('refuses options or a baseUrl of the wrong type with a ConfigurationError, not a TypeError', () => {
    for (const [options, named] of [
      [null, /new RefClient\(\) takes an object of options .* got null/],
      ['refak_x', /takes an object of options .* got a string/],
      [{ apiKey: 'refak_x', baseUrl: 4010 }, /baseUrl must be a string, got a number/],
      [{ apiKey: 'refak_x', baseUrl: { host: 'api' } }, /baseUrl must be a string, got an object/],
    ] as const) {
      expect(() => new RefClient(options as never), JSON.stringify(options)).toThrow(
        ConfigurationError,
      );
      expect(() => new RefClient(options as never)).toThrow(named);
    }
    // A URL object reads as its text, as it always did.
    const client = new RefClient({
      apiKey: 'refak_x',
      baseUrl: new URL('https://api.example.test/v1/') as never,
    });
    expect(client.baseUrl).toBe('https://api.example.test/v1');
  });

  it('refuses a baseUrl with credentials without repeating them', () => {
    for (const baseUrl of ['http://u:s3cretpw@127.0.0.1:9/v1', 'http://u:s3cretpw@bad host/v1']) {
      const error = (() => {
        try {
          new RefClient({ apiKey: 'refak_x', baseUrl });
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error?.message).not.toContain('s3cretpw');
    }
    expect(() => new RefClient({ apiKey: 'refak_x', maxRetries: -1 })).toThrow(/maxRetries/);
    const secret = 'refak_has space';
    try {
      new RefClient({ apiKey: secret });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(String(error)).not.toContain(secret);
    }
  });

  it('refuses an apiKey that is not a printable string, naming the option and never the key', () => {
    const thrown = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        return error as Error;
      }
      return expect.unreachable('accepted');
    };
    for (const [apiKey, named] of [
      [5, /apiKey must be a string \(refak_…\), got a number/],
      [12345678, /apiKey must be a string/],
      [['refak_in_an_array'], /apiKey must be a string \(refak_…\), got an array/],
      [{ key: 'refak_in_an_object' }, /apiKey must be a string \(refak_…\), got an object/],
      [true, /apiKey must be a string/],
      ['refak_s3cr\u00e9t', /apiKey contains spaces or non-printable characters/],
      ['refak_s3cret\r\nX-Evil: 1', /apiKey contains spaces or non-printable characters/],
    ] as const) {
      const error = thrown(() => new RefClient({ apiKey: apiKey as never }));
      expect(error, String(apiKey)).toBeInstanceOf(ConfigurationError);
      expect(error.message).toMatch(named);
      for (const secret of ['12345678', 'refak_in_an', 's3cr']) {
        expect(error.message).not.toContain(secret);
      }
    }
    // From the environment, the message names the variable.
    vi.stubEnv('REF_API_KEY', 'refak_s3cret key');
    const fromEnv = thrown(() => new RefClient());
    expect(fromEnv.message).toMatch(/^REF_API_KEY contains spaces/);
    expect(fromEnv.message).not.toContain('s3cret');
  });

  it('refuses a fetch, logger or logLevel it could not use, instead of failing each call later', () => {
    const make = (extra: object) => () => new RefClient({ apiKey: 'refak_x', ...extra });
    expect(make({ fetch: 'https://proxy' })).toThrow(ConfigurationError);
    expect(make({ fetch: 'https://proxy' })).toThrow(/fetch must be a function/);
    expect(make({ logLevel: 'verbose' })).toThrow(
      /logLevel must be one of off, error, warn, info, debug, got "verbose"/,
    );
    expect(make({ logger: {}, logLevel: 'debug' })).toThrow(ConfigurationError);
    expect(make({ logger: { warn() {} }, logLevel: 'warn' })).toThrow(/error missing/);
    // Only the levels written need a method; unused, any logger will do.
    const quiet = { warn() {}, error() {} };
    expect(make({ logger: quiet, logLevel: 'warn' })).not.toThrow();
    expect(make({ logger: 5, logLevel: 'off' })).not.toThrow();
    expect(make({ fetch: undefined, logger: undefined, logLevel: undefined })).not.toThrow();
  });

  it('refuses a fractional maxRetries, which ky would refuse on every call', () => {
    expect(() => new RefClient({ apiKey: 'refak_x', maxRetries: 1.5 })).toThrow(
      /maxRetries must be a whole number/,
    );
  });

  it('refuses a baseUrl with a query or a fragment, without repeating them', () => {
    for (const baseUrl of [
      'https://api.example.test/v1?token=s3cret-query-token',
      'https://api.example.test/v1#s3cret-query-token',
      'not a url?token=s3cret-query-token',
    ]) {
      const error = (() => {
        try {
          new RefClient({ apiKey: 'refak_x', baseUrl });
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error, baseUrl).toBeInstanceOf(ConfigurationError);
      expect(error?.message).not.toContain('s3cret-query-token');
    }
    expect(
      () => new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.example.test/v1?a=1' }),
    ).toThrow(
      'baseUrl https://api.example.test/v1 must not carry a query or a fragment; each call adds its own path and query.',
    );
  });

  it('takes a baseUrl ending in an empty query or fragment as the URL without it', () => {
    for (const baseUrl of [
      'https://api.example.test/v1?',
      'https://api.example.test/v1/#',
      'https://api.example.test/v1?#',
    ]) {
      expect(new RefClient({ apiKey: 'refak_x', baseUrl }).baseUrl, baseUrl).toBe(
        'https://api.example.test/v1',
      );
    }
  });

  it('does not expose the key on the instance', () => {
    const client = new RefClient({ apiKey: 'refak_hidden' });
    expect(JSON.stringify(client)).not.toContain('refak_hidden');
    expect(Object.values(client)).not.toContain('refak_hidden');
  });
});

describe('per-call options', () => {
  it('refuses a bad timeout, totalTimeout or maxRetries before sending anything', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, account));
    const client = new RefClient({ apiKey: 'refak_x', fetch });
    for (const [options, named] of [
      [{ timeout: -1 }, /timeout must be a number from 0/],
      [{ timeout: Number.NaN }, /timeout must be a number from 0/],
      [{ timeout: 3e9 }, /timeout must be a number from 0/],
      [{ totalTimeout: -5 }, /totalTimeout must be a number from 0/],
      [{ maxRetries: -1 }, /maxRetries must be a whole number/],
      [{ maxRetries: 1.5 }, /maxRetries must be a whole number/],
    ] as const) {
      const call = client.account.get(options);
      await expect(call, JSON.stringify(options)).rejects.toThrow(ConfigurationError);
      await expect(call).rejects.toThrow(named);
    }
    expect(requests).toHaveLength(0);
    await client.account.get({ timeout: 0, totalTimeout: 1000, maxRetries: 0 });
    expect(requests).toHaveLength(1);
  });

  it("sends a call's header in place of the client's, whatever the case of its name", async () => {
    const { fetch, requests } = fakeFetch(() => json(200, account));
    const client = new RefClient({ apiKey: 'refak_x', fetch });
    await client.account.get({
      headers: { Authorization: 'Bearer refak_other', 'User-Agent': 'my-app/1', Accept: '*/*' },
    });
    const headers = requests[0]?.headers;
    // Not `Bearer refak_x, Bearer refak_other`: one value per header, the call's.
    expect(headers?.get('authorization')).toBe('Bearer refak_other');
    expect(headers?.get('user-agent')).toBe('my-app/1');
    expect(headers?.get('accept')).toBe('*/*');
  });

  it('refuses a signal that is not an AbortSignal, or a header fetch cannot send, before sending anything', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, account));
    const client = new RefClient({ apiKey: 'refak_x', fetch });
    for (const [options, named] of [
      [{ signal: {} }, /signal must be an AbortSignal, got an instance of Object/],
      [{ signal: 'stop' }, /signal must be an AbortSignal, got "stop"/],
      [{ headers: { 'x-trace': 'a\nb' } }, /headers\["x-trace"\] is not a valid HTTP header/],
      [{ headers: { 'bad name': 'x' } }, /headers\["bad name"\] is not a valid HTTP header/],
    ] as const) {
      const call = client.account.get(options as never);
      await expect(call, JSON.stringify(options)).rejects.toThrow(ConfigurationError);
      await expect(call).rejects.toThrow(named);
    }
    expect(requests).toHaveLength(0);
    // No signal at all, as fetch takes it, is no signal.
    await client.account.get({ signal: null } as never);
    expect(requests).toHaveLength(1);
    // A signal of another realm (a test environment's window): sent where the runtime's
    // AbortSignal.any takes it (Node 22, by shape), refused before sending where it does not
    // (later Nodes check the brand), never a network failure.
    class OtherRealmSignal extends EventTarget {
      readonly aborted = false;
      readonly reason = undefined;
      throwIfAborted() {}
    }
    const other = await client.account.get({ signal: new OtherRealmSignal() } as never).then(
      () => 'sent',
      (error: unknown) => error,
    );
    if (other === 'sent') expect(requests).toHaveLength(2);
    else {
      expect(other).toBeInstanceOf(ConfigurationError);
      expect(requests).toHaveLength(1);
    }
  });

  it('refuses headers that are not a plain object, which would send nothing (or "0: …") unsaid', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, account));
    const client = new RefClient({ apiKey: 'refak_x', fetch });
    for (const [headers, got] of [
      [new Headers({ 'x-trace': '1' }), /got an instance of Headers; Object.fromEntries/],
      [new Map([['x-trace', '1']]), /got an instance of Map/],
      [[['x-trace', '1']], /got an array/],
      ['x-trace: 1', /got a string/],
    ] as const) {
      const call = client.account.get({ headers: headers as never });
      await expect(call, String(headers)).rejects.toThrow(ConfigurationError);
      await expect(call).rejects.toThrow(/headers must be an object of header names to values/);
      await expect(call).rejects.toThrow(got);
    }
    expect(requests).toHaveLength(0);
    // An object without a prototype is still a plain object of headers.
    await client.account.get({ headers: Object.assign(Object.create(null), { 'x-trace': '1' }) });
    expect(requests[0]?.headers.get('x-trace')).toBe('1');
  });

  it('takes null for optional params and options as absent, as account.get does, never a TypeError', async () => {
    const h = await inProcess();
    try {
      const client = h.client();
      const n = null as never;
      const shield = client.shield(DEMO.kvm);
      const calls: Array<[string, () => PromiseLike<unknown>]> = [
        ['account.get', () => client.account.get(n)],
        ['balance.get', () => client.balance.get(n, n)],
        ['invoices.list', () => client.invoices.list(n, n)],
        ['orders.list', () => client.orders.list(n, n)],
        ['transactions.list', () => client.transactions.list(n, n)],
        ['services.list', () => client.services.list(n, n)],
        ['plans.list', () => client.plans.list(n, n)],
        ['plans.find', () => client.plans.find('kvm', 'kvm-s', n)],
        ['orders.findForService', () => client.orders.findForService(DEMO.kvm, n)],
        ['shield.traffic', () => shield.traffic(n, n)],
        ['shield.export', () => shield.export({ dataset: 'traffic', format: 'csv' }, n)],
      ];
      for (const [name, call] of calls) {
        await expect(Promise.resolve().then(call), name).resolves.toBeDefined();
      }
      // A required argument given as null is the caller's error: a rejection, not a throw.
      const badExport = (() => shield.export(n))();
      await expect(badExport).rejects.toBeInstanceOf(BadRequestError);
      const badWait = (() => shield.rules.waitFor('7d444840-9dc0-41d1-b245-5ffdce74fad2', n))();
      await expect(badWait).rejects.toThrow(/needs the state to wait for/);
    } finally {
      await h.close();
    }
  });

  it("refuses a body JSON cannot hold (a cycle, a BigInt) as the call's error, sending nothing", async () => {
    const { fetch, requests } = fakeFetch(() => json(200, account));
    const client = new RefClient({ apiKey: 'refak_x', fetch });
    const cyclic: Record<string, unknown> = { type: 'kvm', plan_code: 'kvm-s' };
    cyclic.self = cyclic;
    const bigint = { type: 'kvm', plan_code: 'kvm-s', units: 1n };
    for (const body of [cyclic, bigint]) {
      const call = client.orders.create(body as never);
      await expect(call).rejects.toThrow(ConfigurationError);
      await expect(call).rejects.toThrow(/request body cannot be sent as JSON/);
    }
    expect(requests).toHaveLength(0);
  });
});

describe('error bodies', () => {
  it("keeps the first 64 KiB of a gateway's error page, and the whole of an {error} body", async () => {
    const page = `<html>${'<p>upstream timed out</p>'.repeat(200_000)}</html>`; // ~5 MB
    const { fetch } = fakeFetch((request) =>
      request.url.endsWith('/me')
        ? new Response(page, { status: 500, headers: { 'content-type': 'text/html' } })
        : json(404, { error: 'not_found' }),
    );
    const client = new RefClient({ apiKey: 'refak_x', fetch, maxRetries: 0 });
    const failure = await client.account.get().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InternalServerError);
    const { body, bodyTruncated } = failure as InternalServerError;
    expect(bodyTruncated).toBe(true);
    expect(body).toBe(page.slice(0, 64 * 1024));

    const missing = await client.services.get('REF-SVC-404').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ code: 'not_found', body: { error: 'not_found' } });
    expect((missing as NotFoundError).bodyTruncated).toBe(false);
  });
});
