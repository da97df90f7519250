import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReferenceCore } from '../server/reference-core';

const NOW = '2026-01-01T00:00:00Z';
const ADMIN = 'refadm_spaces_test';
const KEY = 'refak_demo_eur_full';
const ORIGIN = 'https://api.ref.test';

async function server(options: Parameters<typeof createReferenceCore>[0] = {}) {
  const { core } = createReferenceCore({ now: NOW, adminToken: ADMIN, ...options });
  await core.ready;
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    token = ADMIN,
    headers = {},
  ) => {
    const response = await core.fetch(`${ORIGIN}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  const space = async (body: Record<string, unknown> = {}) => {
    const created = await call('POST', '/__admin/spaces', body);
    expect(created.status).toBe(201);
    return created.body as { space_id: string; base_url: string; admin_url: string };
  };
  const order = (prefix: string, key: string) =>
    call('POST', `${prefix}/v1/orders`, { type: 'kvm', plan_code: 'kvm-s' }, KEY, {
      'idempotency-key': key,
    });
  const services = async (prefix: string) =>
    (await call('GET', `${prefix}/v1/services?limit=100`, undefined, KEY)).body.services.length;
  return { core, call, space, order, services };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('spaces', () => {
  it('creates a space with its URLs; its id is sp_ and 22 URL-safe characters', async () => {
    const { space } = await server();
    const created = await space({ name: 'worker-1' });
    expect(created.space_id).toMatch(/^sp_[A-Za-z0-9_-]{22}$/);
    expect(created.base_url).toBe(`${ORIGIN}/spaces/${created.space_id}/v1`);
    expect(created.admin_url).toBe(`${ORIGIN}/spaces/${created.space_id}/__admin`);
    expect(created).toMatchObject({ name: 'worker-1', requests: 0 });
  });

  it('keeps an order, a clock move, a fault, a Shield pause, an idempotency key and the journal inside one space', async () => {
    const { call, space, order, services } = await server();
    const a = `/spaces/${(await space()).space_id}`;
    const b = `/spaces/${(await space()).space_id}`;
    const before = await services('');

    expect((await order(a, 'same-key')).status).toBe(200);
    expect(await services(a)).toBe(before + 1);
    expect(await services(b)).toBe(before);
    expect(await services('')).toBe(before);
    // The same key is new in another space and at the root: each keeps its own records.
    expect((await order(b, 'same-key')).status).toBe(200);
    expect(await services(b)).toBe(before + 1);

    await call('POST', `${a}/__admin/clock`, { advance_seconds: 3600 });
    // The clocks run at real speed: minutes tell them apart.
    expect((await call('GET', `${a}/__admin/clock`)).body.now).toMatch(/^2026-01-01T01:00:/);
    expect((await call('GET', `${b}/__admin/clock`)).body.now).toMatch(/^2026-01-01T00:00:/);
    expect((await call('GET', '/__admin/clock')).body.now).toMatch(/^2026-01-01T00:00:/);

    await call('POST', `${a}/__admin/faults`, { power: 'fail' });
    expect((await call('GET', `${a}/__admin/faults`)).body.power).toBe('fail');
    expect((await call('GET', `${b}/__admin/faults`)).body.power).toBe('ok');
    expect((await call('GET', '/__admin/faults')).body.power).toBe('ok');

    await call('POST', `${a}/__admin/shield`, { paused: true });
    const rules = '/v1/services/REF-SVC-101/shield/rules';
    expect((await call('GET', `${a}${rules}`, undefined, KEY)).status).toBe(503);
    expect((await call('GET', `${b}${rules}`, undefined, KEY)).status).toBe(200);
    expect((await call('GET', rules, undefined, KEY)).status).toBe(200);

    const journal = async (prefix: string) =>
      (await call('GET', `${prefix}/__admin/requests`)).body.requests as Array<{
        path: string;
        status: number;
        space_id: string | null;
      }>;
    const inA = await journal(a);
    expect(inA.length).toBeGreaterThan(0);
    expect(new Set(inA.map((entry) => entry.space_id))).toEqual(new Set([a.slice(8)]));
    expect(inA.every((entry) => entry.path.startsWith(`${a}/v1/`))).toBe(true);
    expect((await journal('')).every((entry) => entry.space_id === null)).toBe(true);
    expect(inA.some((entry) => entry.path === `${a}${rules}` && entry.status === 503)).toBe(true);
    expect(
      (await journal(b)).some((entry) => entry.path === `${b}${rules}` && entry.status === 200),
    ).toBe(true);
    expect((await journal(b)).some((entry) => entry.status === 503)).toBe(false);
  });

  it('forks the scenario, the current state, or a snapshot', async () => {
    const { call, space, order, services } = await server();
    const base = await services('');
    await order('', 'root-1');
    const fromScenario = `/spaces/${(await space()).space_id}`;
    const fromCurrent = `/spaces/${(await space({ from: 'current' })).space_id}`;
    expect(await services(fromScenario)).toBe(base);
    expect(await services(fromCurrent)).toBe(base + 1);

    expect((await call('POST', '/__admin/snapshots', { name: 'two-orders' })).status).toBe(201);
    await order('', 'root-2');
    const fromSnapshot = `/spaces/${(await space({ from: 'two-orders' })).space_id}`;
    expect(await services(fromSnapshot)).toBe(base + 1);
    expect((await call('POST', '/__admin/spaces', { from: 'nope' })).body).toEqual({
      error: 'snapshot_not_found',
    });
    // A reset in a space goes back to the scenario, not to what it was forked from.
    await call('POST', `${fromCurrent}/__admin/reset`);
    expect(await services(fromCurrent)).toBe(base);
  });

  it('lists and deletes spaces; a deleted or unknown one answers 404 space_not_found', async () => {
    const { call, space } = await server();
    const { space_id } = await space({ name: 'ci' });
    await call('GET', `/spaces/${space_id}/v1/me`, undefined, KEY);
    const listed = (await call('GET', '/__admin/spaces')).body.spaces;
    expect(listed).toEqual([expect.objectContaining({ space_id, name: 'ci', requests: 1 })]);
    expect((await call('DELETE', `/__admin/spaces/${space_id}`)).status).toBe(204);
    for (const path of [`/spaces/${space_id}/v1/me`, `/spaces/${space_id}/__admin/state`]) {
      expect(await call('GET', path, undefined, KEY)).toEqual({
        status: 404,
        body: { error: 'space_not_found' },
      });
    }
    expect((await call('DELETE', `/__admin/spaces/${space_id}`)).body).toEqual({
      error: 'space_not_found',
    });
    // Spaces do not nest.
    const inner = await space();
    expect((await call('GET', `/spaces/${inner.space_id}/__admin/spaces`)).status).toBe(404);
  });

  it('guards spaces like the root: the admin token on admin paths, an API key on the API', async () => {
    const { call, space } = await server();
    const { space_id } = await space();
    expect((await call('GET', `/spaces/${space_id}/__admin/state`, undefined, KEY)).status).toBe(
      401,
    );
    expect((await call('GET', `/spaces/${space_id}/v1/me`, undefined, ADMIN)).status).toBe(401);
    expect((await call('POST', '/__admin/spaces', {}, KEY)).status).toBe(401);
    expect((await call('POST', '/__admin/spaces', { ttl_seconds: 0 })).status).toBe(400);
    expect((await call('POST', '/__admin/spaces', { name: 'a\u202Eb' })).status).toBe(400);
  });

  it('refuses past --max-spaces with 409 space_limit_reached', async () => {
    const { call, space } = await server({ spaces: { max: 2 } });
    await space();
    await space();
    expect(await call('POST', '/__admin/spaces', {})).toEqual({
      status: 409,
      body: { error: 'space_limit_reached' },
    });
  });

  it('deletes a space left unused for its ttl (real time)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { call, space } = await server();
    const kept = await space({ ttl_seconds: 120 });
    const idle = await space({ ttl_seconds: 60 });
    vi.setSystemTime(Date.now() + 59_000);
    expect((await call('GET', `/spaces/${kept.space_id}/v1/me`, undefined, KEY)).status).toBe(200);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await call('GET', `/spaces/${idle.space_id}/v1/me`, undefined, KEY)).status).toBe(404);
    expect((await call('GET', `/spaces/${kept.space_id}/v1/me`, undefined, KEY)).status).toBe(200);
    const listed = (await call('GET', '/__admin/spaces')).body.spaces;
    expect(listed.map((s: { space_id: string }) => s.space_id)).toEqual([kept.space_id]);
  });
});

describe('snapshots', () => {
  it('saves, lists, restores and deletes; a snapshot stays as saved after restores', async () => {
    const { call, order, services } = await server();
    const frozenAt = (await call('POST', '/__admin/clock', { frozen: true })).body.now;
    const base = await services('');
    expect((await call('POST', '/__admin/snapshots', { name: 'clean' })).body).toEqual({
      name: 'clean',
      created_at: frozenAt,
    });
    await order('', 'k1');
    await call('POST', '/__admin/clock', { advance_seconds: 60 });
    expect((await call('POST', '/__admin/snapshots/clean/restore')).status).toBe(204);
    expect(await services('')).toBe(base);
    expect((await call('GET', '/__admin/clock')).body.now).toBe(frozenAt);
    // The idempotency key is new again: the snapshot was taken before it was used.
    const again = await order('', 'k1');
    expect(again.status).toBe(200);
    await call('POST', '/__admin/snapshots/clean/restore');
    expect(await services('')).toBe(base);
    expect((await call('GET', '/__admin/snapshots')).body).toEqual({
      snapshots: [{ name: 'clean', created_at: frozenAt }],
    });
    expect((await call('DELETE', '/__admin/snapshots/clean')).status).toBe(204);
    expect(await call('POST', '/__admin/snapshots/clean/restore')).toEqual({
      status: 404,
      body: { error: 'snapshot_not_found' },
    });
    expect((await call('POST', '/__admin/snapshots', { name: 'a/b' })).status).toBe(400);
  });

  it('takes only safe names for snapshots and spaces (never . or ..)', async () => {
    const { call } = await server();
    for (const name of ['.', '..', '.hidden', '-x', '_x', 'a b', 'a/b', '', 'x'.repeat(65), 'é']) {
      for (const path of ['/__admin/snapshots', '/__admin/spaces']) {
        expect([name, path, await call('POST', path, { name })]).toEqual([
          name,
          path,
          { status: 400, body: { error: 'invalid_body: name' } },
        ]);
      }
    }
    for (const name of ['a', 'A.b-c_d', `x${'y'.repeat(63)}`, '0..1']) {
      expect((await call('POST', '/__admin/snapshots', { name })).status).toBe(201);
      expect((await call('POST', '/__admin/spaces', { name })).status).toBe(201);
    }
    expect((await call('GET', '/__admin/snapshots')).body.snapshots).toHaveLength(4);
  });

  it('holds at most --max-snapshot-bytes of state JSON per space: past it, 409 snapshot_budget_exceeded', async () => {
    const probe = await server();
    const bytes = Buffer.byteLength(
      JSON.stringify((await probe.call('GET', '/__admin/state')).body),
    );
    const { call, space } = await server({ maxSnapshotBytes: 2 * bytes + 10 });
    expect((await call('POST', '/__admin/snapshots', { name: 'one' })).status).toBe(201);
    expect((await call('POST', '/__admin/snapshots', { name: 'two' })).status).toBe(201);
    expect(await call('POST', '/__admin/snapshots', { name: 'three' })).toEqual({
      status: 409,
      body: { error: 'snapshot_budget_exceeded' },
    });
    // Replacing one of the same name, or after a delete, fits again.
    expect((await call('POST', '/__admin/snapshots', { name: 'two' })).status).toBe(201);
    expect((await call('DELETE', '/__admin/snapshots/one')).status).toBe(204);
    expect((await call('POST', '/__admin/snapshots', { name: 'three' })).status).toBe(201);
    // Each space has a budget of its own.
    const a = `/spaces/${(await space()).space_id}`;
    expect((await call('POST', `${a}/__admin/snapshots`, { name: 'one' })).status).toBe(201);
  });

  it('keeps each space its own snapshots', async () => {
    const { call, space } = await server();
    const a = `/spaces/${(await space()).space_id}`;
    await call('POST', `${a}/__admin/snapshots`, { name: 'mine' });
    expect((await call('GET', '/__admin/snapshots')).body.snapshots).toEqual([]);
    expect((await call('GET', `${a}/__admin/snapshots`)).body.snapshots).toHaveLength(1);
  });
});

describe('POST /__admin/fail-next', () => {
  it('refuses an operation id that is no contract operation, Object.prototype names included', async () => {
    const { call } = await server();
    for (const operation_id of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(await call('POST', '/__admin/fail-next', { operation_id, status: 500 })).toEqual({
        status: 400,
        body: { error: 'invalid_body: operation_id' },
      });
    }
  });

  it('is consumed only by a request that passes authentication and authorization', async () => {
    const { call, order, services } = await server();
    const base = await services('');
    await call('POST', '/__admin/fail-next', { operation_id: 'createOrder', status: 503 });
    const body = { type: 'kvm', plan_code: 'kvm-s' };
    // No key, an unknown key, a read-only key: their own 401/403, the queue left alone.
    expect((await call('POST', '/v1/orders', body, '', { 'idempotency-key': 'a1' })).status).toBe(
      401,
    );
    expect(
      await call('POST', '/v1/orders', body, 'refak_nobody', { 'idempotency-key': 'a2' }),
    ).toEqual({ status: 401, body: { error: 'invalid_api_key' } });
    expect(
      await call('POST', '/v1/orders', body, 'refak_demo_eur_read', { 'idempotency-key': 'a3' }),
    ).toEqual({ status: 403, body: { error: 'insufficient_scope' } });
    // The test's real request gets the failure it queued, then the operation runs.
    expect(await order('', 'b1')).toEqual({ status: 503, body: { error: 'service_unavailable' } });
    expect((await order('', 'b2')).status).toBe(200);
    expect(await services('')).toBe(base + 1);
  });

  it('answers the next requests of an operation with the queued failures, in order, then runs it', async () => {
    const { call, order, services } = await server();
    const base = await services('');
    await call('POST', '/__admin/fail-next', {
      operation_id: 'createOrder',
      status: 503,
      retry_after: 7,
    });
    await call('POST', '/__admin/fail-next', {
      operation_id: 'createOrder',
      status: 409,
      error: 'account_not_active',
    });
    expect(await order('', 'f1')).toEqual({ status: 503, body: { error: 'service_unavailable' } });
    expect(await order('', 'f2')).toEqual({ status: 409, body: { error: 'account_not_active' } });
    expect((await order('', 'f3')).status).toBe(200);
    expect(await services('')).toBe(base + 1);
    const [newest, , oldest] = (await call('GET', '/__admin/requests?operation=createOrder')).body
      .requests;
    expect(oldest.fault).toBe('fail-next');
    expect(newest.fault).toBe(null);
  });

  it("answers an injected 429 with Retry-After even when none was given, as the spec's 429 always has", async () => {
    const { core, call } = await server();
    await call('POST', '/__admin/fail-next', { operation_id: 'getBalance', status: 429 });
    const response = await core.fetch(`${ORIGIN}/v1/balance`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: 'rate_limit_exceeded' });
    // Whole seconds until the window ends, the same as RateLimit-Reset.
    expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(response.headers.get('retry-after')).toBe(response.headers.get('ratelimit-reset'));
  });

  it('queues per space and refuses an unknown operation', async () => {
    const { call, space, order } = await server();
    const a = `/spaces/${(await space()).space_id}`;
    await call('POST', `${a}/__admin/fail-next`, { operation_id: 'createOrder', status: 500 });
    expect((await order('', 'root')).status).toBe(200);
    expect((await order(a, 'space')).status).toBe(500);
    expect(await call('POST', '/__admin/fail-next', { operation_id: 'nope', status: 500 })).toEqual(
      {
        status: 400,
        body: { error: 'invalid_body: operation_id' },
      },
    );
  });
});
