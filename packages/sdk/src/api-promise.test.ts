import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../test/helpers/fake-fetch';
import { account } from '../test/helpers/fixtures';
import { inProcess } from '../test/helpers/reference';
import { RefClient } from './client';
import { NotFoundError } from './errors/http-errors';

const client = (fetch: ReturnType<typeof fakeFetch>['fetch']) =>
  new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch });

describe('ApiPromise', () => {
  it('resolves to data carrying a non-enumerable rateLimit', async () => {
    const { fetch } = fakeFetch(() => json(200, account));
    const result = await client(fetch).account.get();
    expect(result).toEqual(account);
    expect(result.rateLimit).toEqual({ limit: 600, remaining: 598, resetSeconds: 30 });
    expect(Object.keys(result)).not.toContain('rateLimit');
    expect(JSON.parse(JSON.stringify(result))).toEqual(account);
  });

  it('withResponse() exposes the raw Response and the rate limit', async () => {
    const { fetch } = fakeFetch(() => json(200, account, { 'x-extra': 'yes' }));
    const { data, response, rateLimit } = await client(fetch).account.get().withResponse();
    expect(data.email).toBe(account.email);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(rateLimit?.remaining).toBe(598);
  });

  it('withResponse() says whether a keyed call was answered by an earlier call with its key', async () => {
    const harness = await inProcess();
    const ref = harness.client();
    const reboot = () =>
      ref.services.power('REF-SVC-101', 'reboot', { idempotencyKey: 'reboot-1' }).withResponse();
    expect((await reboot()).replayed).toBe(false);
    const again = await reboot();
    expect([again.replayed, again.response.headers.get('idempotent-replayed')]).toEqual([
      true,
      'true',
    ]);
    expect((await ref.account.get().withResponse()).replayed).toBe(false);
    await harness.close();
  });

  it('behaves as a promise: catch, finally, Promise.all', async () => {
    const { fetch } = fakeFetch(() => json(404, { error: 'not_found' }));
    const c = client(fetch);
    let finished = false;
    const caught = await c.services
      .get('REF-SVC-1')
      .finally(() => {
        finished = true;
      })
      .catch((e: unknown) => (e as { status: number }).status);
    expect(caught).toBe(404);
    expect(finished).toBe(true);
    const { fetch: ok } = fakeFetch(() => json(200, account));
    const both = await Promise.all([client(ok).account.get(), client(ok).account.get()]);
    expect(both).toHaveLength(2);
  });

  it('settles itself as the call does, for matchers that read a promise natively (bun test)', async () => {
    // What bun's `expect(p).resolves` / `.rejects` see: the promise's own state, not `then`.
    const nativeThen = Promise.prototype.then;
    const { fetch: ok } = fakeFetch(() => json(200, account));
    expect(await nativeThen.call(client(ok).account.get(), (data) => data)).toEqual(account);
    const { fetch: missing } = fakeFetch(() => json(404, { error: 'not_found' }));
    const failed = client(missing).services.get('REF-SVC-1');
    expect(await nativeThen.call(failed, undefined, (e) => e)).toBeInstanceOf(NotFoundError);
  });

  it('reports no unhandled rejection for a failed call that is awaited or asked withResponse()', async () => {
    const { fetch } = fakeFetch(() => json(404, { error: 'not_found' }));
    await expect(client(fetch).services.get('REF-SVC-1')).rejects.toBeInstanceOf(NotFoundError);
    await expect(client(fetch).services.get('REF-SVC-1').withResponse()).rejects.toBeInstanceOf(
      NotFoundError,
    );
    // vitest fails the run on an unhandled rejection: give one a turn to surface.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
