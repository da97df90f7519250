import { describe, expect, it } from 'vitest';
import type { AccountRecord, ServiceRecord } from '../domain/records';
import { parseScenario } from '../scenario/validate';
import { Store } from '../store/store';
import { scenario } from '../testing/scenario-builder';
import { recordEntry, resolveRecordEntry } from './record-entry';

/** One account with a key and a KVM whose display name is set, as the store loads it. */
async function store(): Promise<Store> {
  const s = new Store(() => 0);
  const document = scenario()
    .account({ accountRef: 'REF-ACCT-1', balance: 10 })
    .key(['*'])
    .withService({ service_ref: 'REF-SVC-1', type: 'kvm', display_name: 'old' })
    .build();
  await s.load(parseScenario(document), 0);
  return s;
}

describe('record entries', () => {
  it('journal only the changed fields of a replaced record, and resolve back to it', async () => {
    const s = await store();
    const account = s.partition('REF-ACCT-1')?.account as AccountRecord;
    const next = { ...account, balance_cents: 400 };
    const entry = recordEntry({ kind: 'accounts', record: next }, account);
    expect(entry).toEqual({ k: 'accounts', ref: 'REF-ACCT-1', set: { balance_cents: 400 } });
    expect(JSON.stringify(entry)).not.toContain('refak_');
    expect(resolveRecordEntry(s, JSON.parse(JSON.stringify(entry))).record).toEqual(next);
  });

  it('name the account of partitioned records and drop removed fields', async () => {
    const s = await store();
    const service = s.partition('REF-ACCT-1')?.services.get('REF-SVC-1') as ServiceRecord;
    const { display_name: _dropped, ...rest } = service;
    const next = { ...rest, auto_renew: true };
    const entry = recordEntry({ kind: 'services', record: next }, service);
    expect(entry).toEqual({
      k: 'services',
      ref: 'REF-SVC-1',
      acct: 'REF-ACCT-1',
      set: { auto_renew: true },
      unset: ['display_name'],
    });
    expect(resolveRecordEntry(s, entry).record).toEqual(next);
  });

  it('carry new records whole and refuse patches of unknown records', async () => {
    const s = await store();
    const record = { order_ref: 'REF-ORD-9', account_ref: 'REF-ACCT-1' };
    const entry = recordEntry({ kind: 'orders', record } as never, undefined);
    expect(entry).toEqual({ k: 'orders', r: record });
    expect(() =>
      resolveRecordEntry(s, { k: 'orders', ref: 'REF-ORD-9', acct: 'REF-ACCT-1', set: {} }),
    ).toThrow(/unknown record orders REF-ORD-9/);
  });
});
