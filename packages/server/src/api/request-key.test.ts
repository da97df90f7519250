import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReferenceCore } from '../server/reference-core';
import { Store } from '../store/store';
import { scenario } from '../testing/scenario-builder';
import type { RequestHead } from './api-request';
import { RequestKeys } from './request-key';

const head = (token: string): RequestHead => ({
  method: 'GET',
  path: '/v1/me',
  search: '',
  header: (name) => (name === 'authorization' ? `Bearer ${token}` : undefined),
  sourceAddress: '127.0.0.1',
});

describe('RequestKeys', () => {
  afterEach(() => vi.restoreAllMocks());

  it('authenticates a request with a body once: the body limit, then the pipeline reuse it', async () => {
    const { core } = createReferenceCore();
    await core.ready;
    const authenticate = vi.spyOn(Store.prototype, 'authenticate');
    const response = await core.fetch('https://api.ref.test/v1/orders', {
      method: 'POST',
      headers: {
        authorization: 'Bearer refak_demo_eur_full',
        'content-type': 'application/json',
        'idempotency-key': 'once',
      },
      body: JSON.stringify({ type: 'kvm', plan_code: 'no-such-plan' }),
    });
    expect(response.status).toBe(422);
    expect(authenticate).toHaveBeenCalledTimes(1);
  });

  it('authenticates afresh once a scenario load swapped the keys', async () => {
    const { core } = createReferenceCore();
    await core.ready;
    const keys = new RequestKeys(core.store);
    const request = head('refak_demo_eur_full');
    expect(keys.of(request)?.accountRef).toBeDefined();
    await core.admin.reset();
    expect(keys.of(request)?.accountRef).toBeDefined();
    await core.admin.loadScenario(scenario().build());
    expect(keys.of(request)).toBeUndefined();
  });
});
