import assert from 'node:assert/strict';
import { NotFoundError, RefClient } from '@refapi/sdk';
import { scenario, setupRefServer } from '@refapi/server/testing';

// The runner's global `it` (vitest --globals, Jest), else node:test's.
const { it } = typeof globalThis.it === 'function' ? globalThis : await import('node:test');

const ref = setupRefServer({
  scenario: scenario().account({ currency: 'EUR', balance: 50 }).key(['*']),
});
const client = () => new RefClient({ apiKey: ref.apiKey, baseUrl: ref.baseUrl });

it('the SDK reads the account from the test kit', async () => {
  assert.equal((await client().account.get()).account_ref, 'REF-ACCT-1');
  await assert.rejects(client().services.get('REF-SVC-404'), NotFoundError);
});

it('starts each test from the scenario, with an empty journal', async () => {
  assert.equal(ref.requests().length, 0);
  assert.equal((await client().account.get()).account_ref, 'REF-ACCT-1');
});
