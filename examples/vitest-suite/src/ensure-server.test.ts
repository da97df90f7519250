import { isUnprocessableEntityError, RefClient } from '@refapi/sdk';
import { scenario, setupRefServer } from '@refapi/server/vitest';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ensureKvmServer } from './ensure-server';

// Three lines of set-up: the reference server answers https://api.ref.test/v1 for this file,
// is reset after each test, and fails a test that sends a request nobody handles.
const ref = setupRefServer({
  scenario: scenario()
    .plan() // kvm-s, 5.00 EUR a month
    .account({ currency: 'EUR', balance: 50 }) // REF-ACCT-1: no server yet
    .key(['services:read', 'orders:write', 'balance:read'])
    .account({ currency: 'EUR', balance: 2 }) // REF-ACCT-2: cannot afford one
    .key()
    .account() // REF-ACCT-3: already has a KVM
    .withKvm()
    .key(),
});

const clientOf = (accountRef = 'REF-ACCT-1') =>
  new RefClient({ apiKey: ref.keys[accountRef]?.[0] ?? '', baseUrl: ref.baseUrl });

describe('ensureKvmServer', () => {
  it('buys a server when the account has none', async () => {
    const result = await ensureKvmServer(clientOf(), { idempotencyKey: 'job-1' });
    expect(result).toEqual({ serviceRef: expect.stringMatching(/^REF-SVC-/), bought: true });
    expect((await clientOf().balance.get()).amount).toBe(45);
  });

  it('buys nothing when a KVM exists', async () => {
    const result = await ensureKvmServer(clientOf('REF-ACCT-3'), { idempotencyKey: 'job-2' });
    expect(result).toEqual({ serviceRef: 'REF-SVC-1', bought: false });
    expect(ref.requests({ operationId: 'createOrder' })).toEqual([]);
  });

  it('is idempotent: called twice, it sends exactly one POST /orders', async () => {
    const first = await ensureKvmServer(clientOf(), { idempotencyKey: 'job-3' });
    const second = await ensureKvmServer(clientOf(), { idempotencyKey: 'job-3' });
    expect(second).toEqual({ serviceRef: first.serviceRef, bought: false });
    expect(ref.requests({ method: 'POST', path: '/orders' })).toHaveLength(1);
  });

  it('retries a 429 after Retry-After and buys once', async () => {
    ref.failNext('createOrder', 429, { retryAfter: 1 });
    const result = await ensureKvmServer(clientOf(), { idempotencyKey: 'job-4' });
    expect(result.bought).toBe(true);
    // Two attempts, the first answered by the injected 429; the server saw only one.
    expect(ref.requests({ operationId: 'createOrder' }).map((r) => r.status)).toEqual([429, 200]);
    expect(ref.requests({ operationId: 'createOrder', injected: false })).toHaveLength(1);
    expect((await clientOf().balance.get()).amount).toBe(45);
  });

  it('survives a lost response: the retry replays the purchase instead of buying twice', async () => {
    // The order is placed, but the first response never arrives (a 503 from a proxy, say);
    // the SDK retries with the same Idempotency-Key and gets the stored result.
    ref.server.use(
      http.post(
        `${ref.baseUrl}/orders`,
        async ({ request }) => {
          await ref.reference.fetch(request);
          return HttpResponse.json({ error: 'service_unavailable' }, { status: 503 });
        },
        { once: true },
      ),
    );
    const result = await ensureKvmServer(clientOf(), { idempotencyKey: 'job-5' });
    expect(result.bought).toBe(true);
    expect(ref.state().accounts[0]?.services).toHaveLength(1);
    expect((await clientOf().balance.get()).amount).toBe(45);
  });

  it('surfaces a refused purchase as a typed error', async () => {
    const failure = await ensureKvmServer(clientOf('REF-ACCT-2'), {
      idempotencyKey: 'job-6',
    }).catch((error: unknown) => error);
    expect(isUnprocessableEntityError(failure)).toBe(true);
    expect(failure).toMatchObject({ status: 422, code: 'insufficient_balance' });
  });
});
