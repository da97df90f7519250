import { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolRefusal } from './tool-refusal';
import { parseWaitArgs, runWait } from './wait-tool';

const SVC = 'REF-SVC-101';
const RULE = {
  name: 'dns',
  mode: 'enforce',
  action: 'drop',
  risk: 'high',
  protocol: 'udp',
  destination_port: 53,
} as const;

let server: ReturnType<typeof createReferenceServer>;
let client: RefClient;
// Called after every Shield read the wait makes: the tests move the server's frozen clock
// one lifecycle step (5 s) there, so each poll sees the next state, whatever the timing.
let afterShieldRead: () => void;

beforeEach(async () => {
  server = createReferenceServer({ onError: () => {} });
  await server.ready;
  server.admin.clock.freeze();
  afterShieldRead = () => {};
  client = new RefClient({
    apiKey: 'refak_demo_eur_full',
    baseUrl: server.baseUrl,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const response = await server.fetch(request);
      if (request.method === 'GET' && new URL(request.url).pathname.includes('/shield'))
        afterShieldRead();
      return response;
    },
  });
});
afterEach(() => {
  server.admin.clock.freeze(false);
});

const step = () => {
  afterShieldRead = () => server.admin.clock.advance(5);
};
const signal = () => new AbortController().signal;

describe('runWait', () => {
  it('reports each state a rule goes through until it is active', async () => {
    const { rule } = await client.shield(SVC).rules.create(RULE, { idempotencyKey: 'w-1' });
    step();
    const result = await runWait(
      client,
      { service_ref: SVC, rule_id: rule.id, timeout_seconds: 20 },
      signal(),
    );
    expect(result).toMatchObject({
      target: `rule ${rule.id}`,
      settled: true,
      state: 'active',
      states_seen: ['queued', 'applying', 'active'],
      polls: 3,
      rule: { id: rule.id, state: 'active' },
    });
  });

  it('reports a deleted rule as no longer listed', async () => {
    const { rule } = await client.shield(SVC).rules.create(RULE, { idempotencyKey: 'w-2' });
    server.admin.clock.advance(10);
    await client.shield(SVC).rules.delete(rule.id, { idempotencyKey: 'w-3' });
    step();
    const result = await runWait(
      client,
      { service_ref: SVC, rule_id: rule.id, timeout_seconds: 20 },
      signal(),
    );
    expect(result).toMatchObject({
      settled: true,
      state: 'absent',
      states_seen: ['rolling_back', 'absent'],
    });
  });

  it('waits for a profile until it is active', async () => {
    await client.shield(SVC).profiles.apply('strict', { idempotencyKey: 'w-4' });
    step();
    const result = await runWait(
      client,
      { service_ref: SVC, profile_code: 'strict', timeout_seconds: 20 },
      signal(),
    );
    expect(result).toMatchObject({
      target: 'profile strict',
      settled: true,
      state: 'active',
      profile: { code: 'strict', state: 'active' },
    });
    expect(result.states_seen.at(-1)).toBe('active');
    expect(result.states_seen).toContain('applying');
  });

  it('stops at the timeout with the state it saw, not settled', async () => {
    const { rule } = await client.shield(SVC).rules.create(RULE, { idempotencyKey: 'w-5' });
    const result = await runWait(
      client,
      { service_ref: SVC, rule_id: rule.id, timeout_seconds: 1 },
      signal(),
    );
    expect(result).toMatchObject({ settled: false, state: 'queued', states_seen: ['queued'] });
    expect(result.waited_seconds).toBeGreaterThanOrEqual(0.9);
    expect(result.waited_seconds).toBeLessThan(5);
  });
});

describe('parseWaitArgs', () => {
  const refused = (args: unknown) => {
    try {
      parseWaitArgs(args, () => 'a service reference');
    } catch (error) {
      return (error as ToolRefusal).message;
    }
    throw new Error('expected a refusal');
  };

  it('takes exactly one of rule_id and profile_code, and a bounded timeout', () => {
    expect(parseWaitArgs({ service_ref: SVC, profile_code: 'low' }, () => undefined)).toEqual({
      service_ref: SVC,
      profile_code: 'low',
      timeout_seconds: 30,
    });
    expect(refused({ service_ref: SVC })).toMatch(/exactly one of rule_id and profile_code/);
    expect(
      refused({
        service_ref: SVC,
        profile_code: 'low',
        rule_id: '5b0f6c1e-1b2d-4c3e-8f4a-1a2b3c4d5e6f',
      }),
    ).toMatch(/exactly one/);
    expect(refused({ service_ref: SVC, profile_code: 'low', timeout_seconds: 51 })).toMatch(
      /timeout_seconds/,
    );
    expect(refused({ service_ref: 'nope', profile_code: 'low' })).toBe(
      'Invalid arguments: service_ref: not valid; expected: a service reference.',
    );
  });
});
