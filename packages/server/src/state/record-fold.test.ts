import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/validate';
import { Store } from '../store/store';
import { scenario } from '../testing/scenario-builder';
import { RecordFold } from './record-fold';

async function store(): Promise<{ store: Store; commits: number[] }> {
  const s = new Store(() => 0);
  const document = scenario().account({ accountRef: 'REF-ACCT-1', balance: 10 }).build();
  await s.load(parseScenario(document), 0);
  const commits: number[] = [];
  s.onCommit(({ changes }) => commits.push(changes.length));
  return { store: s, commits };
}

const service = (ref: string, autoRenew: boolean) => ({
  service_ref: ref,
  name: 'vm',
  service_plan_name: 'KVM S',
  type: 'kvm',
  status: 'active',
  auto_renew: autoRenew,
  account_ref: 'REF-ACCT-1',
  reseller: false,
});

describe('RecordFold', () => {
  it('commits the last version of each record once, patches applied in order', async () => {
    const { store: s, commits } = await store();
    const fold = new RecordFold(s);
    fold.add([{ k: 'accounts', ref: 'REF-ACCT-1', set: { balance_cents: 900 } }]);
    fold.add([{ k: 'services', r: service('REF-SVC-1', false) }]);
    fold.add([{ k: 'accounts', ref: 'REF-ACCT-1', set: { balance_cents: 800 } }]);
    fold.add([{ k: 'services', ref: 'REF-SVC-1', acct: 'REF-ACCT-1', set: { auto_renew: true } }]);
    expect(commits).toEqual([]);
    await fold.flush();
    expect(commits).toEqual([2]);
    const partition = s.partition('REF-ACCT-1');
    expect(partition?.account.balance_cents).toBe(800);
    expect(partition?.services.get('REF-SVC-1')?.auto_renew).toBe(true);
    await fold.flush();
    expect(commits).toEqual([2]);
  });

  it('refuses a patch of a record that neither the fold nor the store holds', async () => {
    const { store: s } = await store();
    expect(() =>
      new RecordFold(s).add([
        { k: 'services', ref: 'REF-SVC-9', acct: 'REF-ACCT-1', set: { auto_renew: true } },
      ]),
    ).toThrow(/unknown record services REF-SVC-9/);
  });
});
