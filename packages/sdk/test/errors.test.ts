import { afterEach, describe, expect, it } from 'vitest';
import {
  ConflictError,
  IdempotencyKeyReusedError,
  NotFoundError,
  ProviderError,
  RateLimitError,
  UnprocessableEntityError,
} from '../src/index';
import { DEMO, type Harness, inProcess } from './helpers/reference';
import { A1_KEY, accountScenario } from './helpers/scenarios';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const posts = (harness: Harness, path: string) =>
  harness.server.admin.requests().filter((r) => r.method === 'POST' && r.path.endsWith(path));

describe('typed errors from the reference server, and what is not retried', () => {
  it('a rejected power action is a ProviderError, sent exactly once', async () => {
    h = await inProcess();
    h.server.admin.faults.set({ power: 'reject' });
    const error = await h
      .client()
      .services.power(DEMO.kvm, 'stop')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(502);
    expect(posts(h, '/power')).toHaveLength(1);
  });

  it('power on a dedicated server is a ConflictError naming the type', async () => {
    h = await inProcess();
    const error = await h
      .client()
      .services.power(DEMO.dedicated, 'reboot')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('power_not_supported');
    expect((error as ConflictError).conflictStatus).toBe('dedicated');
  });

  it('an unaffordable order is an UnprocessableEntityError, sent once, nothing debited', async () => {
    h = await inProcess(accountScenario({ balance: 1 }));
    const client = h.client(A1_KEY);
    const error = await client.orders
      .create({ type: 'kvm', plan_code: 'kvm-s' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).code).toBe('insufficient_balance');
    expect(posts(h, '/orders')).toHaveLength(1);
    expect((await client.balance.get()).amount).toBe(1);
  });

  it('a refusal replayed to its key says so: fixing the cause needs a new key', async () => {
    h = await inProcess(accountScenario({ balance: 1 }));
    const client = h.client(A1_KEY);
    const order = () =>
      client.orders.create({ type: 'kvm', plan_code: 'kvm-s' }, { idempotencyKey: 'k-short' }).then(
        () => expect.unreachable('the order was bought'),
        (e: unknown) => e as UnprocessableEntityError,
      );
    const first = await order();
    expect([first.code, first.replayed]).toEqual(['insufficient_balance', false]);
    expect(first.message).not.toContain('Replayed');
    const { account_ref } = await client.account.get();
    await h.server.admin.topUp(account_ref, 1_000);
    const again = await order();
    expect([again.code, again.replayed]).toEqual(['insufficient_balance', true]);
    expect(again.message).toContain(
      'Replayed: the answer stored for this Idempotency-Key, which that key gets again whatever changed since; a new key sends the request again.',
    );
    // A new key is sent and bought with the balance topped up.
    const bought = await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' });
    expect(bought.idempotent_replayed).toBe(false);
  });

  it('the same key with another body is an IdempotencyKeyReusedError', async () => {
    h = await inProcess(accountScenario());
    const client = h.client(A1_KEY);
    await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' }, { idempotencyKey: 'k-1' });
    const error = await client.orders
      .create({ type: 'kvm', plan_code: 'kvm-s', os_name: 'debian-13' }, { idempotencyKey: 'k-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyKeyReusedError);
  });

  it('a message shows a long URL cut, its length said; the error keeps it whole', async () => {
    h = await inProcess();
    const ref = `REF-SVC-${'A'.repeat(100_000)}`;
    const error = await h
      .client()
      .services.get(ref)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const { message, url } = error as NotFoundError;
    expect(url.endsWith(ref)).toBe(true);
    expect(message.length).toBeLessThan(1_000);
    expect(message).toMatch(
      /^GET https:\/\/\S+\/v1\/services\/REF-SVC-A+… \(\d{6} characters\) failed with 404 not_found/,
    );
    expect(message).toContain(`(${url.length} characters)`);
  });

  it('a 429 is retried after its Retry-After and then succeeds', async () => {
    // Freeze the clock one second before the rate window ends, spend the window, then let
    // time run: the retry lands in the next window.
    h = await inProcess({ ...accountScenario(), now: '2026-01-01T00:00:59Z', frozen: true });
    const client = h.client(A1_KEY);
    const spend = h.client(A1_KEY, { maxRetries: 0 });
    for (let i = 0; i < 600; i++) await spend.services.stats();
    h.server.admin.clock.freeze(false);
    const started = Date.now();
    const stats = await client.services.stats();
    expect(stats.total).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(
      h.server.admin
        .requests()
        .slice(-2)
        .map((r) => r.status),
    ).toEqual([429, 200]);
  });

  it('a spent rate window is a RateLimitError with Retry-After and the rate-limit state', async () => {
    h = await inProcess(accountScenario());
    const client = h.client(A1_KEY, { maxRetries: 0 });
    let error: unknown;
    for (let i = 0; i <= 600 && !error; i++) {
      error = await client.services.stats().then(
        () => undefined,
        (e: unknown) => e,
      );
    }
    expect(error).toBeInstanceOf(RateLimitError);
    const rateLimit = error as RateLimitError;
    expect(rateLimit.retryAfterSeconds).toBeGreaterThan(0);
    expect(rateLimit.rateLimit).toMatchObject({ limit: 600, remaining: 0 });
  });
});
