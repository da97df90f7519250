import openapi from '@refapi/schema/openapi.json' with { type: 'json' };
import { createReferenceServer } from '@refapi/server';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';

// The OpenAPI document is generated from the contract; this checks it against what the
// reference server really answers, for every operation and the main error classes.

type ResponseDoc = {
  content?: Record<string, { schema: object }>;
  headers?: Record<string, unknown>;
};
type OperationDoc = { operationId: string; responses: Record<string, ResponseDoc> };
const paths = openapi.paths as unknown as Record<string, Record<string, OperationDoc>>;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: 'openapi', components: openapi.components });

const KEY = 'refak_demo_eur_full';
const KVM = 'REF-SVC-101';
const server = createReferenceServer({ baseUrl: 'https://api.ref.test/v1' });
let ruleId = '';

interface Call {
  name: string;
  method: string;
  template: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

const call = (
  name: string,
  method: string,
  template: string,
  path = template,
  extra: Pick<Call, 'headers' | 'body'> = {},
): Call => ({ name, method, template, path, ...extra });
const key = (k: string) => ({ 'idempotency-key': k });

async function send(c: Call) {
  const response = await server.fetch(`https://api.ref.test/v1${c.path}`, {
    method: c.method,
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...c.headers,
    },
    ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
  });
  const text = await response.text();
  return { response, text };
}

function expectConforms(c: Call, status: number, contentType: string | null, text: string) {
  const operation = paths[c.template]?.[c.method.toLowerCase()];
  expect(operation, `${c.method} ${c.template} is documented`).toBeDefined();
  const documented = operation!.responses[String(status)];
  expect(documented, `${operation!.operationId} documents status ${status}`).toBeDefined();
  if (!text) return;
  const media = contentType?.split(';')[0] ?? '';
  const schema = documented!.content?.[media]?.schema;
  expect(schema, `${operation!.operationId} ${status} documents ${media}`).toBeDefined();
  const rewritten = JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'),
  );
  const check = ajv.compile(rewritten);
  const value = media === 'application/json' ? JSON.parse(text) : text;
  expect(check(value), JSON.stringify(check.errors)).toBe(true);
}

describe('the reference server answers what openapi.json documents', () => {
  beforeAll(async () => {
    await server.ready;
    server.admin.clock.freeze();
  });

  const success: Call[] = [
    call('me', 'GET', '/me'),
    call('balance', 'GET', '/balance', '/balance?display_currency=USD'),
    call('invoices', 'GET', '/invoices', '/invoices?limit=5'),
    call('orders', 'GET', '/orders'),
    call('create order', 'POST', '/orders', '/orders', {
      headers: key('conf-order'),
      body: { type: 'kvm', plan_code: 'kvm-s' },
    }),
    call('transactions', 'GET', '/transactions'),
    call('services', 'GET', '/services', '/services?type=kvm'),
    call('stats', 'GET', '/services/stats'),
    call('service', 'GET', '/services/{service_ref}', `/services/${KVM}`),
    call('auto-renew', 'PUT', '/services/{service_ref}/auto-renew', `/services/${KVM}/auto-renew`, {
      body: { enabled: false },
    }),
    call('power', 'POST', '/services/{service_ref}/power', `/services/${KVM}/power`, {
      headers: key('conf-power'),
      body: { action: 'reboot' },
    }),
    call('overview', 'GET', '/services/{service_ref}/shield', `/services/${KVM}/shield`),
    call(
      'capabilities',
      'GET',
      '/services/{service_ref}/shield/capabilities',
      `/services/${KVM}/shield/capabilities`,
    ),
    call(
      'create rule',
      'POST',
      '/services/{service_ref}/shield/rules',
      `/services/${KVM}/shield/rules`,
      {
        headers: key('conf-rule'),
        body: {
          name: 'dns',
          mode: 'enforce',
          action: 'drop',
          risk: 'high',
          protocol: 'udp',
          destination_port: 53,
        },
      },
    ),
    call('rules', 'GET', '/services/{service_ref}/shield/rules', `/services/${KVM}/shield/rules`),
    call(
      'preset',
      'POST',
      '/services/{service_ref}/shield/presets/{preset_code}',
      `/services/${KVM}/shield/presets/rate-limit-syn`,
      {
        headers: key('conf-preset'),
      },
    ),
    call(
      'profile',
      'POST',
      '/services/{service_ref}/shield/profiles/{profile_code}',
      `/services/${KVM}/shield/profiles/low`,
      {
        headers: key('conf-profile'),
      },
    ),
    call(
      'traffic',
      'GET',
      '/services/{service_ref}/shield/traffic',
      `/services/${KVM}/shield/traffic?window_hours=24&group_by=protocol`,
    ),
    call(
      'activity',
      'GET',
      '/services/{service_ref}/shield/protection-activity',
      `/services/${KVM}/shield/protection-activity`,
    ),
    call(
      'export csv',
      'GET',
      '/services/{service_ref}/shield/export',
      `/services/${KVM}/shield/export?dataset=traffic&format=csv`,
    ),
    call(
      'export json',
      'GET',
      '/services/{service_ref}/shield/export',
      `/services/${KVM}/shield/export?dataset=protection_activity&format=json`,
    ),
    call('plans', 'GET', '/plans', '/plans?display_currency=GBP'),
  ];

  it.each(success.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const { response, text } = await send(c);
    expect(response.status).toBeLessThan(300);
    expectConforms(c, response.status, response.headers.get('content-type'), text);
    for (const header of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
      expect(response.headers.get(header)).toMatch(/^\d+$/);
    }
    if (c.name === 'create rule') ruleId = (JSON.parse(text) as { rule: { id: string } }).rule.id;
  });

  it('evidence and rule deletion', async () => {
    expect(ruleId).not.toBe('');
    for (const c of [
      call(
        'evidence',
        'GET',
        '/services/{service_ref}/shield/rules/{rule_id}/evidence',
        `/services/${KVM}/shield/rules/${ruleId}/evidence?limit=5`,
      ),
      call(
        'delete',
        'DELETE',
        '/services/{service_ref}/shield/rules/{rule_id}',
        `/services/${KVM}/shield/rules/${ruleId}`,
        {
          headers: key('conf-delete'),
        },
      ),
    ]) {
      const { response, text } = await send(c);
      expect(response.status).toBeLessThan(300);
      expectConforms(c, response.status, response.headers.get('content-type'), text);
    }
  });

  const errors: [status: number, c: Call][] = [
    [400, call('bad query', 'GET', '/invoices', '/invoices?limit=0')],
    [
      401,
      call('bad key', 'GET', '/me', '/me', { headers: { authorization: 'Bearer refak_nope' } }),
    ],
    [404, call('foreign', 'GET', '/services/{service_ref}', '/services/REF-SVC-FFFF')],
    [
      409,
      call('not kvm', 'POST', '/services/{service_ref}/power', '/services/REF-SVC-106/power', {
        headers: key('conf-409'),
        body: { action: 'start' },
      }),
    ],
    [
      422,
      call('out of stock', 'POST', '/orders', '/orders', {
        headers: key('conf-422'),
        body: { type: 'kvm', plan_code: 'kvm-m' },
      }),
    ],
    [
      428,
      call('no key', 'POST', '/orders', '/orders', { body: { type: 'kvm', plan_code: 'kvm-s' } }),
    ],
  ];

  it.each(errors.map(([status, c]) => [status, c.name, c] as const))(
    '%i %s',
    async (status, _, c) => {
      const { response, text } = await send(c);
      expect(response.status).toBe(status);
      expectConforms(c, status, response.headers.get('content-type'), text);
    },
  );

  it('the validator itself rejects a body the document does not allow', () => {
    const check = ajv.compile({ $ref: 'openapi#/components/schemas/Account' });
    expect(check({ account_ref: 'REF-ACCT-1' })).toBe(false);
  });

  it('503 while Shield is paused, with Retry-After', async () => {
    server.admin.shield.pause(7);
    const c = call('paused', 'GET', '/services/{service_ref}/shield', `/services/${KVM}/shield`);
    const { response, text } = await send(c);
    server.admin.shield.unpause();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('7');
    expectConforms(c, 503, response.headers.get('content-type'), text);
  });
});
