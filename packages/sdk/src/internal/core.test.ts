import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/helpers/fake-fetch';
import { RefClient } from '../client';
import { ConfigurationError } from '../errors/client-errors';

const clientWith = (fetch: ReturnType<typeof fakeFetch>['fetch']) =>
  new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch, maxRetries: 0 });

describe('path parameters', () => {
  // A URL resolves `.` and `..` segments: services.get('..') would be GET /v1/.
  it.each(['..', '.', ''])('refuses %j before sending anything', async (ref) => {
    const { fetch, requests } = fakeFetch(() => json(200, {}));
    const client = clientWith(fetch);
    const calls = [
      ['service_ref', () => client.services.get(ref)],
      ['service_ref', () => client.services.power(ref, 'reboot')],
      ['rule_id', () => client.shield('REF-SVC-1').rules.delete(ref)],
    ] as const;
    for (const [name, call] of calls) {
      await expect(call()).rejects.toThrow(
        new ConfigurationError(`path parameter ${name} cannot be ${JSON.stringify(ref)}.`),
      );
    }
    expect(requests).toHaveLength(0);
  });

  // From JavaScript any value can come: `[]` was sent as an empty segment (404), and
  // `['REF-SVC-1']` as the service it holds.
  it.each([
    [[], 'an array'],
    [['REF-SVC-1'], 'an array'],
    [42, 'a number'],
    [null, 'null'],
    [{}, 'an object'],
  ])('refuses a reference that is no string (%j) before sending anything', async (ref, kind) => {
    const { fetch, requests } = fakeFetch(() => json(200, {}));
    const client = clientWith(fetch);
    const given = ref as unknown as string;
    const calls = [
      ['service_ref', () => client.services.get(given)],
      ['service_ref', () => client.services.power(given, 'reboot')],
      ['service_ref', () => client.shield(given).overview()],
      ['rule_id', () => client.shield('REF-SVC-1').rules.delete(given)],
    ] as const;
    for (const [name, call] of calls) {
      await expect(call()).rejects.toThrow(
        new ConfigurationError(`path parameter ${name} must be a string, got ${kind}.`),
      );
    }
    await expect(client.orders.findForService(given)).rejects.toThrow(
      new ConfigurationError(`serviceRef must be a non-empty string, got ${kind}.`),
    );
    await expect(client.orders.findForService('')).rejects.toThrow(
      new ConfigurationError('serviceRef must be a non-empty string, got "".'),
    );
    expect(requests).toHaveLength(0);
  });

  // The plan methods check their references as the calls do: the same ConfigurationError,
  // not a PlanRefusedError('invalid') of the plan's schema, and before reading anything.
  it.each([
    [[], 'must be a string, got an array'],
    [42, 'must be a string, got a number'],
    [null, 'must be a string, got null'],
    ['', 'cannot be ""'],
    ['..', 'cannot be ".."'],
  ])(
    'refuses a plan of a reference %j as the calls do, before sending anything',
    async (ref, why) => {
      const { fetch, requests } = fakeFetch(() => json(200, {}));
      const client = clientWith(fetch);
      const given = ref as unknown as string;
      const intent = { name: 'x', mode: 'observe', action: 'drop', risk: 'low', protocol: 'udp' };
      const plans = [
        ['service_ref', () => client.services.planAutoRenew(given, true)],
        ['service_ref', () => client.services.planPower(given, 'reboot')],
        ['service_ref', () => client.shield(given).rules.planCreate(intent as never)],
        ['service_ref', () => client.shield(given).presets.planApply('block-udp-amplification')],
        ['service_ref', () => client.shield(given).profiles.planApply('strict')],
        ['rule_id', () => client.shield('REF-SVC-1').rules.planDelete(given)],
      ] as const;
      for (const [name, plan] of plans) {
        await expect(plan()).rejects.toThrow(
          new ConfigurationError(`path parameter ${name} ${why}.`),
        );
      }
      expect(requests).toHaveLength(0);
    },
  );

  // `services.get(process.env.REF_API_KEY)`, the wrong variable: sent, the key would sit in
  // the URL of the request, of its error message, the debug log and the telemetry span.
  it('refuses a reference holding an API key before sending it, without quoting it', async () => {
    const { fetch, requests } = fakeFetch(() => json(400, { error: 'invalid_path: service_ref' }));
    const client = clientWith(fetch);
    const key = 'refak_live_s3cr3t';
    const calls = [
      ['service_ref', () => client.services.get(key)],
      ['service_ref', () => client.services.power(`x${key}`, 'reboot')],
      ['service_ref', () => client.shield(key).overview()],
      ['rule_id', () => client.shield('REF-SVC-1').rules.delete(key)],
      ['service_ref', () => client.services.planPower(key, 'reboot')],
    ] as const;
    for (const [name, call] of calls) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toBe(
        `path parameter ${name} holds an API key (refak_…), not a reference; nothing was sent.`,
      );
    }
    expect(requests).toHaveLength(0);
  });

  it('sends a reference holding a slash as one segment', async () => {
    const { fetch, requests } = fakeFetch(() =>
      json(404, { error: { code: 'not_found', message: 'no such service' } }),
    );
    await clientWith(fetch)
      .services.get('../__admin')
      .catch(() => undefined);
    expect(requests[0]?.url).toBe('https://api.test/v1/services/..%2F__admin');
  });
});

describe('query arguments', () => {
  // From JavaScript a string was sent as a query string (`?x`), a list's as `?0=x`.
  it.each([
    ['x', 'a string'],
    [42, 'a number'],
    [['limit=1'], 'an array'],
    [true, 'a boolean'],
  ])('refuses a query that is no object (%j) before sending anything', async (query, kind) => {
    const { fetch, requests } = fakeFetch(() => json(200, {}));
    const client = clientWith(fetch);
    const given = query as unknown as Record<string, never>;
    for (const call of [
      () => client.shield('REF-SVC-1').traffic(given),
      () => client.shield('REF-SVC-1').protectionActivity(given),
      () => client.invoices.list(given),
      () => client.services.list(given),
    ]) {
      await expect(call()).rejects.toThrow(
        new ConfigurationError(`query must be an object of parameters, got ${kind}.`),
      );
    }
    expect(requests).toHaveLength(0);
  });

  it('takes null and undefined as no query, as before', async () => {
    const { fetch, requests } = fakeFetch(() =>
      json(200, { telemetry: 'traffic', window_hours: 24, group_by: 'protocol', items: [] }),
    );
    const shield = clientWith(fetch).shield('REF-SVC-1');
    await shield.traffic(null as unknown as undefined).catch(() => undefined);
    await shield.traffic(undefined).catch(() => undefined);
    expect(requests.map((r) => r.url)).toEqual([
      'https://api.test/v1/services/REF-SVC-1/shield/traffic',
      'https://api.test/v1/services/REF-SVC-1/shield/traffic',
    ]);
  });
});
