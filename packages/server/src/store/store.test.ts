import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordSchemas } from '../domain/records';
import { parseScenario } from '../scenario/validate';
import { createReferenceCore } from '../server/reference-core';
import { scenario } from '../testing/scenario-builder';
import type { CommittedMutation } from './store';
import { Store } from './store';

const doc = parseScenario(
  scenario().plan().account({ balance: 10 }).withKvm().key().generate({ invoices: 5 }).build(),
);

async function loaded(): Promise<Store> {
  const store = new Store(() => Date.parse('2026-01-01T00:00:00Z'));
  await store.load(doc, Date.parse('2026-01-01T00:00:00Z'));
  return store;
}

describe('Store', () => {
  it('indexes loaded records per account, refs ascending', async () => {
    const store = await loaded();
    const partition = store.partition('REF-ACCT-1')!;
    expect(partition.account.balance_cents).toBe(1000);
    expect(partition.invoices.size).toBe(5);
    expect(partition.ownedService('REF-SVC-1')?.type).toBe('kvm');
    expect(store.authenticate('refak_test_1_1')?.accountRef).toBe('REF-ACCT-1');
  });

  it('commits atomically: readers see all changes at once, listeners get the mutation', async () => {
    const store = await loaded();
    const partition = store.partition('REF-ACCT-1')!;
    const seen: CommittedMutation[] = [];
    store.onCommit((mutation) => seen.push(mutation));
    const service = partition.ownedService('REF-SVC-1')!;
    const pending = store.commit([
      { kind: 'services', record: { ...service, auto_renew: true } },
      { kind: 'accounts', record: { ...partition.account, balance_cents: 1 } },
    ]);
    expect(partition.account.balance_cents).toBe(1000);
    expect(partition.ownedService('REF-SVC-1')?.auto_renew).toBe(false);
    await pending;
    expect(partition.account.balance_cents).toBe(1);
    expect(partition.ownedService('REF-SVC-1')?.auto_renew).toBe(true);
    expect(partition.services.size).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.changes.map((c) => c.kind)).toEqual(['services', 'accounts']);
  });

  it('writes nothing when one change is invalid', async () => {
    const store = await loaded();
    const partition = store.partition('REF-ACCT-1')!;
    const service = partition.ownedService('REF-SVC-1')!;
    await expect(
      store.commit([
        { kind: 'services', record: { ...service, auto_renew: true } },
        { kind: 'accounts', record: { ...partition.account, balance_cents: 1.5 } },
      ]),
    ).rejects.toThrow();
    expect(partition.ownedService('REF-SVC-1')?.auto_renew).toBe(false);
    expect(partition.account.balance_cents).toBe(1000);
  });

  it('exports a document that loads back into the same records', async () => {
    const store = await loaded();
    const exported = store.exportRecords();
    const copy = new Store(() => 0);
    await copy.load(parseScenario(exported), 0);
    expect(copy.exportRecords()).toEqual(exported);
    expect(exported.accounts[0]?.invoices).toHaveLength(5);
  });

  describe('records an operation built', () => {
    afterEach(() => vi.restoreAllMocks());

    it('are written as built, not parsed again (an order: five records or six, no record schema run)', async () => {
      const { core } = createReferenceCore();
      await core.ready;
      const committed: CommittedMutation[] = [];
      core.store.onCommit((mutation) => committed.push(mutation));
      const parses = Object.values(recordSchemas).map((schema) => vi.spyOn(schema, 'parse'));
      const response = await core.fetch('https://api.ref.test/v1/orders', {
        method: 'POST',
        headers: {
          authorization: 'Bearer refak_demo_eur_full',
          'content-type': 'application/json',
          'idempotency-key': 'built-once',
        },
        body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
      });
      expect(response.status).toBe(200);
      expect(committed[0]?.changes.length).toBeGreaterThanOrEqual(5);
      for (const parse of parses) expect(parse).not.toHaveBeenCalled();
    });

    it('from elsewhere still go through the record schemas (commit)', async () => {
      const store = await loaded();
      const partition = store.partition('REF-ACCT-1')!;
      const parse = vi.spyOn(recordSchemas.accounts, 'parse');
      await store.commit([
        { kind: 'accounts', record: { ...partition.account, balance_cents: 2 } },
      ]);
      expect(parse).toHaveBeenCalledTimes(1);
    });
  });
});
