import { expect, it } from 'bun:test';
import { NotFoundError, RefClient } from '@refapi/sdk';
import { scenario, setupRefServer } from '@refapi/server/testing';
import { HttpResponse, http } from 'msw';

const ref = setupRefServer({
  scenario: scenario().account({ currency: 'EUR', balance: 50 }).key(['*']),
});
const client = () => new RefClient({ apiKey: ref.apiKey, baseUrl: ref.baseUrl });

it('retries an injected 503, as the journal shows', async () => {
  ref.failNext('getAccount', 503, { retryAfter: 0 });
  expect((await client().account.get()).account_ref).toBe('REF-ACCT-1');
  expect(ref.requests({ operationId: 'getAccount' }).map((r) => r.status)).toEqual([503, 200]);
});

it('takes an msw override for one test', async () => {
  const missing = () => HttpResponse.json({ error: 'not_found' }, { status: 404 });
  ref.server.use(http.get(`${ref.baseUrl}/balance`, missing));
  await expect(client().balance.get()).rejects.toBeInstanceOf(NotFoundError);
});

it('starts each test from the scenario, with the default handlers', async () => {
  expect(ref.requests()).toEqual([]);
  expect((await client().balance.get()).amount).toBe(50);
});
