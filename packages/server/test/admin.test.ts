import { beforeEach, describe, expect, it } from 'vitest';
import { scenario } from '../src/testing/scenario-builder';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, SVC } from './api-scenario';

describe.each(TRANSPORTS)('admin API over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });
  beforeEach(() => api.server.admin.loadScenario(apiScenario()));
  const balance = async () => (await api.call('GET', '/balance', { key: KEY.full })).body.amount;

  it('loads a scenario, answering each account with its tokens', async () => {
    const doc = scenario()
      .now('2026-06-01T00:00:00Z')
      .account({ balance: 7 })
      .key(['*'], { token: 'refak_new_one' })
      .build();
    const res = await api.admin('POST', '/scenario', doc);
    expect([res.status, res.body]).toEqual([
      200,
      { accounts: [{ account_ref: 'REF-ACCT-1', api_keys: ['refak_new_one'] }] },
    ]);
    expect((await api.call('GET', '/balance', { key: 'refak_new_one' })).body.amount).toBe(7);
    expect((await api.call('GET', '/me', { key: KEY.full })).status).toBe(401);
  });

  it('refuses an invalid scenario precisely and leaves the state untouched', async () => {
    const doc = apiScenario();
    const keys = doc.accounts?.[0]?.api_keys;
    keys?.push({ token: 'secret_no_prefix', scopes: ['*'], allowed_ips: [] });
    const res = await api.admin('POST', '/scenario', doc);
    expect([res.status, res.body]).toEqual([
      400,
      { error: 'invalid_scenario: accounts[0].api_keys[5].token: must start with refak_' },
    ]);
    expect((await api.call('GET', '/me', { key: KEY.full })).status).toBe(200);
    expect((await api.admin('POST', '/scenario', { accounts: [{}] })).body.error).toBe(
      'invalid_scenario: accounts[0].account_ref: is required',
    );
  });

  it('refuses a small document asking more generated records than the cap before making any', async () => {
    // Six accounts × 3 million: 1.9 KB of JSON that ran the server out of memory.
    const doc = scenario().account().build();
    const [account] = doc.accounts ?? [];
    doc.accounts = [1, 2, 3, 4, 5, 6].map((n) => ({
      ...(account as NonNullable<typeof account>),
      account_ref: `REF-ACCT-A${n}`,
      generate: { invoices: 1_000_000, transactions: 1_000_000, services: 1_000_000 },
    }));
    const res = await api.admin('POST', '/scenario', doc);
    expect([res.status, res.body]).toEqual([
      400,
      {
        error:
          "invalid_scenario: accounts[0].generate: the scenario's generate counts add up to more than 1000000 records",
      },
    ]);
    expect((await api.call('GET', '/me', { key: KEY.full })).status).toBe(200);
  });

  it('refuses a stored answer nested 100,000 deep with a 400, and the state still exports', async () => {
    // It loaded, then every export, snapshot and replay of the state overflowed the stack
    // (500). Sent as text: JSON.stringify cannot write it either.
    const entry = {
      account_ref: 'REF-ACCT-A',
      operation_id: 'createOrder',
      key: 'deep-1',
      fingerprint: 'f',
      stored_at: '2026-01-01T00:00:00.000Z',
      response: { status: 200, body: 'DEEP' },
    };
    const text = JSON.stringify({ ...apiScenario(), idempotency: [entry] }).replace(
      '"DEEP"',
      `${'['.repeat(100_000)}1${']'.repeat(100_000)}`,
    );
    const res = await fetch(`${api.origin}/__admin/scenario`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-admin-token', 'content-type': 'application/json' },
      body: text,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^invalid_scenario: idempotency\[0\]\.response\.body(\[0\])+: nests arrays and objects deeper than 64 levels$/,
    );
    expect((await api.admin('GET', '/state')).status).toBe(200);
  });

  it('refuses an empty or account-less scenario with a 400 and keeps the state (a stray POST)', async () => {
    const before = await balance();
    const post = (body?: string) =>
      fetch(`${api.origin}/__admin/scenario`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer test-admin-token',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body }),
      });
    for (const body of [undefined, '', ' \n\t ']) {
      const res = await post(body);
      expect([JSON.stringify(body), res.status, await res.json()]).toEqual([
        JSON.stringify(body),
        400,
        { error: 'invalid_body' },
      ]);
    }
    for (const doc of [{}, { spaces: [] }, { accounts: 'none' }, { now: '2026-01-01T00:00:00Z' }]) {
      expect(await api.admin('POST', '/scenario', doc)).toMatchObject({
        status: 400,
        body: { error: 'invalid_scenario: accounts: required' },
      });
    }
    expect(await balance()).toBe(before);
    // An empty list of accounts is a choice, not an accident: it loads.
    expect((await api.admin('POST', '/scenario', { accounts: [] })).status).toBe(200);
  });

  it('refuses control characters and bidi overrides in scenario names with a 400 naming the path', async () => {
    const doc = apiScenario();
    const service = doc.accounts?.[0]?.services?.[0];
    if (service) service.name = 'vm\u009b2J\u202Etxt.exe';
    const res = await api.admin('POST', '/scenario', doc);
    expect([res.status, res.body]).toEqual([
      400,
      {
        error:
          'invalid_scenario: accounts[0].services[0].name: must not contain control characters, bidi controls or lone surrogates',
      },
    ]);
    expect((await api.call('GET', '/me', { key: KEY.full })).status).toBe(200);
  });

  it('refuses a malformed Shield snapshot by its path, then loads a valid one Shield runs on', async () => {
    const shield = {
      version: 1,
      infrastructure_since: '2025-12-01T00:00:00.000Z',
      rules: [],
      profiles: [],
      next_seq: 7,
    };
    const bad = { ...apiScenario(), extensions: { shield: { ...shield, next_seq: 0 } } };
    const res = await api.admin('POST', '/scenario', bad);
    expect([res.status, res.body]).toEqual([
      400,
      { error: 'invalid_scenario: extensions.shield.next_seq: must be at least 1' },
    ]);
    const missing = { ...shield, rules: [{ id: 'r1', kind: 'custom' }] };
    expect(
      (await api.admin('POST', '/scenario', { ...apiScenario(), extensions: { shield: missing } }))
        .body,
    ).toEqual({ error: 'invalid_scenario: extensions.shield.rules[0].seq: is required' });

    const good = { ...apiScenario(), extensions: { shield, later_module: { kept: true } } };
    expect((await api.admin('POST', '/scenario', good)).status).toBe(200);
    const rule = await api.call('POST', `/services/${SVC.kvm}/shield/rules`, {
      key: KEY.full,
      idempotencyKey: 'shield-after-load',
      body: {
        name: 'r',
        mode: 'enforce',
        action: 'drop',
        risk: 'low',
        protocol: 'udp',
        destination_port: 53,
      },
    });
    expect(rule.status).toBe(202);
    const { extensions } = (await api.admin('GET', '/state')).body;
    expect(extensions.shield).toMatchObject({
      infrastructure_since: shield.infrastructure_since,
      next_seq: 8,
    });
    expect(extensions.shield.rules).toHaveLength(1);
    expect(extensions.later_module).toEqual({ kept: true });
  });

  it('resets to the scenario loaded last', async () => {
    await api.call('POST', '/orders', {
      key: KEY.full,
      idempotencyKey: 'r',
      body: { type: 'kvm', plan_code: 'kvm-s' },
    });
    expect(await balance()).toBe(94.05);
    const res = await api.admin('POST', '/reset');
    expect([res.status, res.text]).toEqual([204, '']);
    expect(await balance()).toBe(100);
  });

  it('exports the whole state as a scenario that round-trips, idempotency records included', async () => {
    const placed = await api.call('POST', '/orders', {
      key: KEY.full,
      idempotencyKey: 'rt',
      body: { type: 'kvm', plan_code: 'kvm-s' },
    });
    const state = await api.admin('GET', '/state');
    expect(state.status).toBe(200);
    expect(state.body.idempotency).toHaveLength(1);
    expect((await api.admin('POST', '/scenario', state.body)).status).toBe(200);
    expect((await api.admin('GET', '/state')).body).toEqual(state.body);
    const replay = await api.call('POST', '/orders', {
      key: KEY.full,
      idempotencyKey: 'rt',
      body: { type: 'kvm', plan_code: 'kvm-s' },
    });
    expect(replay.body).toEqual({ ...placed.body, idempotent_replayed: true });
    expect(await balance()).toBe(94.05);
  });

  it('moves the clock forward, freezes it, never backwards', async () => {
    const advanced = await api.admin('POST', '/clock', { advance_seconds: 3600 });
    expect(advanced.body).toEqual({ now: '2026-01-01T01:00:00.000Z', frozen: true, applied: [] });
    const set = await api.admin('POST', '/clock', { now: '2026-02-01T00:00:00Z', frozen: false });
    expect(set.body.frozen).toBe(false);
    expect(Date.parse(set.body.now)).toBeGreaterThanOrEqual(Date.parse('2026-02-01T00:00:00Z'));
    const back = await api.admin('POST', '/clock', { now: '2025-01-01T00:00:00Z' });
    expect([back.status, back.body]).toEqual([400, { error: 'clock_backwards' }]);
    expect((await api.admin('POST', '/clock', { advance_seconds: -5 })).body).toEqual({
      error: 'invalid_body: advance_seconds',
    });
    const me = await api.call('GET', '/balance', { key: KEY.full });
    expect(Date.parse(me.body.as_of)).toBeGreaterThanOrEqual(Date.parse('2026-02-01T00:00:00Z'));
  });

  it('answers a duration past what a date holds as past the clock limit, naming no other field', async () => {
    const now = (await api.admin('GET', '/clock')).body.now;
    const far = await api.admin('POST', '/clock', { advance: 'P1000000Y' });
    expect([far.status, far.body]).toEqual([409, { error: 'clock_limit_reached' }]);
    expect((await api.admin('GET', '/clock')).body.now).toBe(now);
  });

  it('moves by seconds as far as by a duration: the clock limit decides both', async () => {
    const year = 365 * 86_400;
    const now = Date.parse((await api.admin('GET', '/clock')).body.now);
    // 11 years: `advance: 'P11Y'` moved the clock; `advance_seconds` was refused past 10.
    const eleven = await api.admin('POST', '/clock', { advance_seconds: 11 * year });
    expect(eleven.status).toBe(200);
    expect(Date.parse(eleven.body.now) - now).toBeGreaterThanOrEqual(11 * year * 1000);
    for (const body of [
      { advance: 'P1000000Y' },
      { advance_seconds: 1_000_000 * year },
      { advance_seconds: 1e308 },
    ]) {
      const far = await api.admin('POST', '/clock', body);
      expect([far.status, far.body], JSON.stringify(body)).toEqual([
        409,
        { error: 'clock_limit_reached' },
      ]);
    }
  });

  it('makes no part of a clock change it refuses: `now` stays where it was', async () => {
    const before = (await api.admin('GET', '/clock')).body.now;
    for (const [body, status, error] of [
      [{ now: '2030-01-01T00:00:00Z', advance: 'P9000Y' }, 409, 'clock_limit_reached'],
      [
        { now: '2030-01-01T00:00:00Z', advance_seconds: 1, advance: 'P9000Y' },
        409,
        'clock_limit_reached',
      ],
      [{ advance_seconds: 3600, advance: 'P9000Y' }, 409, 'clock_limit_reached'],
      [{ now: '9989-12-31T23:59:59Z', advance_seconds: 1 }, 409, 'clock_limit_reached'],
      [{ now: '2030-01-01T00:00:00Z', advance: 'PT-1S' }, 400, 'invalid_body: advance'],
    ] as const) {
      const res = await api.admin('POST', '/clock', body);
      expect([res.status, res.body.error.split(' (')[0]], JSON.stringify(body)).toEqual([
        status,
        error,
      ]);
      expect((await api.admin('GET', '/clock')).body.now, JSON.stringify(body)).toBe(before);
    }
  });

  it('pauses Shield (503 + Retry-After on every Shield operation) and injects faults', async () => {
    expect((await api.admin('POST', '/shield', { paused: true, retry_after: 42 })).body).toEqual({
      paused: true,
    });
    const paused = await api.call('GET', `/services/${SVC.kvm}/shield`, { key: KEY.full });
    expect([paused.status, paused.body, paused.headers.get('retry-after')]).toEqual([
      503,
      { error: 'shield_paused' },
      '42',
    ]);
    expect((await api.call('GET', '/me', { key: KEY.full })).status).toBe(200);
    await api.admin('POST', '/shield', { paused: false });
    expect(
      (await api.call('GET', `/services/${SVC.kvm}/shield`, { key: KEY.full })).status,
    ).not.toBe(503);

    const faults = await api.admin('POST', '/faults', { power: 'reject', latency_ms: 30 });
    expect(faults.body).toEqual({ power: 'reject', shield: 'ok', latency_ms: 30 });
    const started = performance.now();
    const power = await api.call('POST', `/services/${SVC.kvm}/power`, {
      key: KEY.full,
      idempotencyKey: 'pw',
      body: { action: 'stop' },
    });
    expect([power.status, power.body]).toEqual([502, { error: 'power_rejected' }]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect((await api.admin('POST', '/faults', { power: 'sometimes' })).body).toEqual({
      error: 'invalid_body: power',
    });
  });

  it('describes every control: its POST body as JSON Schema and its value as GET shows it', async () => {
    await api.admin('POST', '/faults', { power: 'fail' });
    await api.admin('POST', '/shield', { paused: true, retry_after: 7 });
    const listed = await api.admin('GET', '/controls');
    expect(listed.status).toBe(200);
    const controls = listed.body.controls as Array<{
      name: string;
      path: string;
      body: { type?: string; properties?: Record<string, unknown>; required?: string[] };
      value: unknown;
    }>;
    expect(controls.map((c) => [c.name, c.path])).toEqual([
      ['clock', '/__admin/clock'],
      ['faults', '/__admin/faults'],
      ['shield', '/__admin/shield'],
    ]);
    for (const control of controls) {
      expect(control.value).toEqual((await api.admin('GET', control.path.slice(8))).body);
      expect(control.body.type).toBe('object');
    }
    const [clock, faults, shield] = controls;
    expect(Object.keys(clock?.body.properties ?? {})).toEqual([
      'advance_seconds',
      'advance',
      'now',
      'frozen',
    ]);
    expect(faults?.body.properties?.power).toMatchObject({
      enum: ['ok', 'reject', 'fail', 'uncertain'],
    });
    expect(faults?.value).toEqual({ power: 'fail', shield: 'ok', latency_ms: 0 });
    expect(shield?.body.required).toEqual(['paused']);
    expect(shield?.value).toEqual({ paused: true, retry_after: 7 });
    expect((await api.admin('POST', '/controls', {})).status).toBe(405);
  });

  it('journals requests without tokens, and guards itself', async () => {
    await api.call('GET', '/me', { key: KEY.full });
    await api.call('GET', '/services?limit=2', { key: KEY.foreign });
    await api.call('GET', '/me');
    const res = await api.admin('GET', '/requests');
    // Newest first.
    expect(
      res.body.requests
        .slice(0, 3)
        .map((r: Record<string, unknown>) => [r.method, r.path, r.status, r.account_ref]),
    ).toEqual([
      ['GET', '/v1/me', 401, null],
      ['GET', '/v1/services', 200, 'REF-ACCT-B'],
      ['GET', '/v1/me', 200, 'REF-ACCT-A'],
    ]);
    expect(res.text).not.toContain('refak_');
    expect(res.body.requests[0].time).toBe('2026-01-01T00:00:00.000Z');
    expect((await api.admin('GET', '/nope')).status).toBe(404);
    expect((await api.admin('GET', '/reset')).status).toBe(405);
    const anonymous = await fetch(`${api.origin}/__admin/requests`);
    expect(anonymous.status).toBe(401);
  });
});
