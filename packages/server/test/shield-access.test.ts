// The ownership and subscription matrix of every Shield endpoint, plus auth, scope,
// Idempotency-Key presence and the admin pause.
import {
  ShieldCapabilities,
  ShieldEvidence,
  ShieldOverview,
  ShieldProfileMutation,
  ShieldRuleMutation,
  ShieldRulePage,
  ShieldTelemetry,
} from '@refapi/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { infrastructureRuleId } from '../src/domain/shield/infrastructure-rule';
import { scenario } from '../src/testing/scenario-builder';
import {
  BLOCK_REASON,
  expectBody,
  expectError,
  INTENT,
  KEY,
  type Reply,
  ShieldWorld,
  SVC,
  shieldPath,
} from './shield-harness';

interface Endpoint {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly rest: (ruleId: string) => string;
  readonly body?: unknown;
  readonly mutation: boolean;
  /** The spec lists 409 for this read (service lifecycle). */
  readonly lifecycle409: boolean;
  readonly success: number;
  readonly schema?: z.ZodType;
}

const read = (
  name: string,
  rest: Endpoint['rest'],
  schema: z.ZodType,
  lifecycle409: boolean,
): Endpoint => ({
  name,
  method: 'GET',
  rest,
  mutation: false,
  lifecycle409,
  success: 200,
  schema,
});
const write = (
  name: string,
  method: 'POST' | 'DELETE',
  rest: Endpoint['rest'],
  schema?: z.ZodType,
  body?: unknown,
): Endpoint => ({
  name,
  method,
  rest,
  mutation: true,
  lifecycle409: true,
  success: 202,
  ...(schema ? { schema } : {}),
  ...(body ? { body } : {}),
});

const ENDPOINTS: readonly Endpoint[] = [
  read('overview', () => '', ShieldOverview, true),
  read('capabilities', () => '/capabilities', ShieldCapabilities, false),
  read('rules', () => '/rules', ShieldRulePage, false),
  write('create rule', 'POST', () => '/rules', ShieldRuleMutation, INTENT),
  write('delete rule', 'DELETE', (id) => `/rules/${id}`),
  write('preset', 'POST', () => '/presets/rate-limit-syn', ShieldRuleMutation),
  write('profile', 'POST', () => '/profiles/default', ShieldProfileMutation),
  read('traffic', () => '/traffic?window_hours=2&group_by=protocol', ShieldTelemetry, true),
  read('protection-activity', () => '/protection-activity?window_hours=3', ShieldTelemetry, true),
  read('export', () => '/export?dataset=traffic&format=json', ShieldTelemetry, true),
  read('evidence', (id) => `/rules/${id}/evidence?limit=5`, ShieldEvidence, true),
];

let world: ShieldWorld;
beforeAll(async () => {
  world = await ShieldWorld.start();
});
afterAll(() => world.stop());
beforeEach(() => world.reset());

// Deleting needs a rule of the service; the other endpoints use the infrastructure rule.
async function callAs(
  endpoint: Endpoint,
  key: string,
  serviceRef: string,
  ruleId?: string,
): Promise<Reply> {
  let id = ruleId ?? infrastructureRuleId(serviceRef);
  if (endpoint.name === 'delete rule' && ruleId === undefined) {
    const created = await world.call('POST', shieldPath(serviceRef, '/rules'), {
      key,
      body: INTENT,
    });
    if (created.status === 202) id = created.body.rule.id;
  }
  return world.call(endpoint.method, shieldPath(serviceRef, endpoint.rest(id)), {
    key,
    ...(endpoint.body ? { body: endpoint.body } : {}),
  });
}

function expectSuccess(endpoint: Endpoint, reply: Reply): void {
  if (endpoint.schema) expectBody(reply, endpoint.success, endpoint.schema);
  else {
    expect(reply.status, reply.text).toBe(endpoint.success);
    expect(reply.text).toBe('');
  }
}

describe.each(ENDPOINTS)('$name', (endpoint) => {
  it('answers with its success schema for an owned KVM with an active subscription', async () => {
    expectSuccess(endpoint, await callAs(endpoint, KEY.a, SVC.own));
  });

  it('works during the grace period and answers 403 once it has ended on the server clock', async () => {
    expectSuccess(endpoint, await callAs(endpoint, KEY.c, SVC.grace));
    await world.advance(7 * 86_400);
    expectError(await callAs(endpoint, KEY.c, SVC.grace), 403, 'shield_advanced_required');
  });

  it('answers 403 shield_advanced_required without a subscription', async () => {
    expectError(await callAs(endpoint, KEY.b, SVC.noShield), 403, 'shield_advanced_required');
  });

  it(
    endpoint.mutation
      ? 'answers 409 with the block reason while mutations are blocked'
      : 'keeps working while mutations are blocked',
    async () => {
      const reply = await callAs(endpoint, KEY.d, SVC.blocked, infrastructureRuleId(SVC.blocked));
      if (endpoint.mutation) expectError(reply, 409, 'shield_mutations_blocked', BLOCK_REASON);
      else expectSuccess(endpoint, reply);
    },
  );

  it.each([
    ['a dedicated server', SVC.dedicated],
    ['a reseller service', SVC.reseller],
    ['a missing service', SVC.missing],
    ["another account's KVM", SVC.noShield],
    ["another Shield account's KVM", SVC.grace],
  ])('answers 404 for %s', async (_, serviceRef) => {
    expectError(
      await callAs(endpoint, KEY.a, serviceRef, infrastructureRuleId(serviceRef)),
      404,
      'not_found',
    );
  });

  it(
    endpoint.lifecycle409
      ? 'answers 409 with the service status for a suspended KVM'
      : 'keeps working for a suspended KVM',
    async () => {
      const reply = await callAs(
        endpoint,
        KEY.a,
        SVC.suspended,
        infrastructureRuleId(SVC.suspended),
      );
      if (endpoint.lifecycle409) expectError(reply, 409, 'service_not_active', 'suspended');
      else expectSuccess(endpoint, reply);
    },
  );

  it('answers 401 without a key and 403 without its scope', async () => {
    const path = shieldPath(SVC.own, endpoint.rest(infrastructureRuleId(SVC.own)));
    const anonymous = await world.call(endpoint.method, path, { key: null, body: endpoint.body });
    expect(anonymous.status).toBe(401);
    const scopeless = endpoint.mutation ? KEY.aRead : KEY.aNoShield;
    expectError(
      await world.call(endpoint.method, path, { key: scopeless, body: endpoint.body }),
      403,
      'insufficient_scope',
    );
  });

  if (endpoint.mutation) {
    it('answers 428 without an Idempotency-Key', async () => {
      const path = shieldPath(SVC.own, endpoint.rest(infrastructureRuleId(SVC.own)));
      const reply = await world.call(endpoint.method, path, { idem: null, body: endpoint.body });
      expectError(reply, 428, 'idempotency_key_required');
    });
  }
});

describe('pause', () => {
  it('answers 503 with Retry-After on every Shield endpoint, other endpoints keep working, state is kept', async () => {
    const created = await world.call('POST', shieldPath(SVC.own, '/rules'), { body: INTENT });
    const ruleId: string = created.body.rule.id;
    expect((await world.admin('POST', '/shield', { paused: true, retry_after: 17 })).status).toBe(
      200,
    );
    for (const endpoint of ENDPOINTS) {
      const reply = await world.call(endpoint.method, shieldPath(SVC.own, endpoint.rest(ruleId)), {
        ...(endpoint.body ? { body: endpoint.body } : {}),
      });
      expectError(reply, 503, 'shield_paused');
      expect(reply.headers.get('retry-after'), endpoint.name).toBe('17');
    }
    expect((await world.call('GET', `/services/${SVC.own}`)).status).toBe(200);

    await world.advance(30);
    expect((await world.admin('POST', '/shield', { paused: false })).status).toBe(200);
    const rules = await world.call('GET', shieldPath(SVC.own, '/rules'));
    expect(rules.body.rules.find((r: { id: string }) => r.id === ruleId)).toMatchObject({
      state: 'active',
    });
  });
});

describe('a KVM whose primary_ip is not an IP address', () => {
  // The spec types Service.primary_ip as any string, so a scenario (or a recording) may hold
  // a host name or a prefix there; ShieldRule.protected_ip and evidence addresses are IP
  // addresses. Such a service has no address to protect: 404 as a KVM without one.
  const hostName = 'REF-SVC-E1';
  const prefix = 'REF-SVC-E2';
  const token = 'refak_shield_e_full';
  let odd: ShieldWorld;
  beforeAll(async () => {
    const document = scenario()
      .now('2026-01-01T00:00:00.000Z', { frozen: true })
      .account()
      .withShield('active')
      .withKvm({ serviceRef: hostName, ip: 'vm-1.internal' })
      .withKvm({ serviceRef: prefix, ip: '203.0.113.7/32' })
      .key(['*'], { token })
      .build();
    odd = await ShieldWorld.start('in-process', document);
  });
  afterAll(() => odd.stop());

  it.each(
    ENDPOINTS.flatMap((endpoint) => [
      [endpoint.name, 'a host name', hostName, endpoint] as const,
      [endpoint.name, 'a prefix', prefix, endpoint] as const,
    ]),
  )('%s answers 404 for %s', async (_, __, serviceRef, endpoint) => {
    const path = shieldPath(serviceRef, endpoint.rest(infrastructureRuleId(serviceRef)));
    const reply = await odd.call(endpoint.method, path, {
      key: token,
      ...(endpoint.body ? { body: endpoint.body } : {}),
    });
    expectError(reply, 404, 'not_found');
    // The service itself is answered as the spec types it: primary_ip is a string.
    expect((await odd.call('GET', `/services/${serviceRef}`, { key: token })).status).toBe(200);
  });
});
