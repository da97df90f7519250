import { createReferenceServer } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/helpers/fake-fetch';
import { orderResult } from '../../test/helpers/fixtures';
import { RefClient } from '../client';
import { ConfigurationError } from '../errors/client-errors';

const ordersWith = (response: () => Response) =>
  new RefClient({
    apiKey: 'refak_x',
    baseUrl: 'https://api.test/v1',
    fetch: fakeFetch(response).fetch,
  }).orders;

describe('orders.create', () => {
  it('sends the body as JSON with an Idempotency-Key', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, orderResult(false)));
    const client = new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch });
    const result = await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' });
    expect(result.idempotent_replayed).toBe(false);
    const request = requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual({ type: 'kvm', plan_code: 'kvm-s' });
    expect(request?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects a malformed idempotency key before sending anything', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, orderResult(false)));
    const client = new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch });
    for (const idempotencyKey of ['', 'has space', 'line\nbreak', 'x'.repeat(129)]) {
      await expect(
        client.orders.create({ type: 'kvm', plan_code: 'kvm-s' }, { idempotencyKey }),
      ).rejects.toBeInstanceOf(ConfigurationError);
    }
    expect(requests).toHaveLength(0);
  });

  it('takes an Idempotency-Key given in headers, in any case, as the call key', async () => {
    const { fetch, requests } = fakeFetch(() => json(200, orderResult(false)));
    const client = new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch });
    const body = { type: 'kvm', plan_code: 'kvm-s' } as const;
    // A fresh key replaced the lower-case one (two purchases); the other was sent beside it.
    await client.orders.create(body, { headers: { 'idempotency-key': 'buy-1' } });
    await client.orders.create(body, { headers: { 'Idempotency-Key': 'buy-1', 'X-Trace': 't' } });
    await client.orders.create(body, {
      idempotencyKey: 'buy-1',
      headers: { 'IDEMPOTENCY-KEY': 'buy-1' },
    });
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual([
      'buy-1',
      'buy-1',
      'buy-1',
    ]);
    expect(requests[1]?.headers.get('x-trace')).toBe('t');
    for (const options of [
      { idempotencyKey: 'buy-1', headers: { 'Idempotency-Key': 'buy-2' } },
      { headers: { 'idempotency-key': 'has space' } },
    ]) {
      await expect(client.orders.create(body, options)).rejects.toBeInstanceOf(ConfigurationError);
    }
    expect(requests).toHaveLength(3);
  });

  it('has one replay flag: idempotent_replayed, from the body', async () => {
    const result = await ordersWith(() => json(200, orderResult(true))).create({
      type: 'kvm',
      plan_code: 'kvm-s',
    });
    expect(result.idempotent_replayed).toBe(true);
    expect({ ...result }.idempotent_replayed).toBe(true);
    // The deprecated alias stays readable for a minor version, never enumerable.
    expect(result.idempotentReplayed).toBe(true);
    expect(Object.keys(result)).not.toContain('idempotentReplayed');
  });

  it('clears idempotent_replayed when the replay answers a retry of this very call', async () => {
    // The first attempt's answer was lost (503 after the server took it): the stored result
    // its retry gets is what this call bought.
    const { fetch, requests } = fakeFetch((_, index) =>
      index === 0
        ? json(503, { error: 'upstream' }, { 'retry-after': '0' })
        : json(200, orderResult(true)),
    );
    const client = new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch });
    const result = await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' });
    expect([requests.length, result.idempotent_replayed, result.idempotentReplayed]).toEqual([
      2,
      false,
      false,
    ]);
  });

  it('sets idempotent_replayed when only the Idempotent-Replayed header says so', async () => {
    const result = await ordersWith(() =>
      json(200, orderResult(false), { 'Idempotent-Replayed': 'true' }),
    ).create({ type: 'kvm', plan_code: 'kvm-s' });
    expect(result.idempotent_replayed).toBe(true);
    expect(result.idempotentReplayed).toBe(true);
  });
});

describe('orders.findForService', () => {
  it('scans the `scan` newest orders across pages, past the 100 of one page', async () => {
    const order = (n: number) => ({
      order_ref: `REF-ORD-${n.toString(16).toUpperCase()}`,
      order_type: 'new',
      status: 'completed',
      amount: 5,
      currency: 'EUR',
      description: `order ${n}`,
      service_ref: `REF-SVC-${n.toString(16).toUpperCase()}`,
    });
    // 250 orders, newest (250) first, 100 a page.
    const { fetch, requests } = fakeFetch((request) => {
      const url = new URL(request.url);
      const cursor = url.searchParams.get('cursor');
      const top = cursor === null ? 250 : Number.parseInt(cursor.slice(8), 16) - 1;
      const limit = Number(url.searchParams.get('limit'));
      const items = Array.from({ length: Math.min(limit, top) }, (_, i) => order(top - i));
      const last = items.at(-1);
      const hasMore = last !== undefined && top - items.length > 0;
      return json(200, {
        orders: items,
        pagination: {
          limit,
          has_more: hasMore,
          ...(hasMore ? { next_cursor: last.order_ref } : {}),
        },
        server_time: '2026-01-01T00:00:00Z',
      });
    });
    const orders = new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch })
      .orders;
    // The 120th newest order is on the second page.
    const found = await orders.findForService('REF-SVC-83', { scan: 150 });
    expect(found?.order_ref).toBe('REF-ORD-83');
    expect(requests).toHaveLength(2);
    // Never past `scan`: the 150th newest is the last one looked at.
    expect(await orders.findForService('REF-SVC-64', { scan: 150 })).toBeUndefined();
    await expect(orders.findForService('REF-SVC-83', { scan: 0 })).rejects.toThrow(
      ConfigurationError,
    );
  });

  it('finds the order that bought a service, with what it charged, against the reference server', async () => {
    const server = createReferenceServer();
    await server.ready;
    const client = new RefClient({
      apiKey: 'refak_demo_eur_full',
      baseUrl: server.baseUrl,
      fetch: server.fetch,
    });
    const bought = await client.orders.create({
      type: 'kvm',
      plan_code: 'kvm-s',
      period_ref: 'REF-PERIOD-12',
    });
    // A later order must not be taken for it.
    await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' });
    const order = await client.orders.findForService(bought.service_ref);
    expect(order).toMatchObject({ service_ref: bought.service_ref, amount: 59.5, currency: 'EUR' });
    expect(await client.orders.findForService('REF-SVC-FFFF')).toBeUndefined();
  });
});
