import { describe, expect, it } from 'vitest';
import { faultsControl } from '../controls/faults';
import { piecesBytes } from '../internal/json-pieces';
import { createReferenceCore } from '../server/reference-core';

const NOW = '2026-01-01T00:00:00Z';

async function server() {
  const { core, slices } = createReferenceCore({ now: NOW });
  await core.ready;
  return { admin: core.admin, store: core.store, slices };
}

describe('state slices', () => {
  it('exports the state document slice by slice, in document order', async () => {
    const { admin, slices } = await server();
    expect(slices.slices.map((slice) => slice.name)).toEqual([
      'clock',
      'records',
      'account-time',
      'idempotency',
      'rate-limits',
      'fail-next',
      'extensions',
      'controls',
    ]);
    expect(Object.keys(admin.state()).slice(0, 5)).toEqual([
      'now',
      'frozen',
      'rates',
      'plans',
      'accounts',
    ]);
  });

  it('forks the whole state and puts it back: records, clock, controls', async () => {
    const { admin, store, slices } = await server();
    admin.clock.freeze();
    const before = admin.state();
    const fork = slices.fork();

    admin.clock.advance(3600);
    admin.faults.set({ power: 'fail' });
    const [partition] = store.partitions();
    if (partition === undefined) throw new Error('the demo has no account');
    const account = partition.account;
    await store.commit([{ kind: 'accounts', record: { ...account, balance_cents: 1 } }]);
    expect(admin.state()).not.toEqual(before);

    slices.restore(fork);
    expect(admin.state()).toEqual(before);
    expect(admin.controls.get(faultsControl).power).toBe('ok');
    // The fork stays as it was: writes after a restore do not reach it.
    await store.commit([{ kind: 'accounts', record: { ...account, balance_cents: 2 } }]);
    slices.restore(fork);
    expect(admin.state()).toEqual(before);
  });

  it('serializes the state as JSON.stringify does, with what changed since the last time', async () => {
    const { core, slices } = createReferenceCore({ now: NOW });
    await core.ready;
    const order = (key: string, body: object = { type: 'kvm', plan_code: 'kvm-s' }) =>
      core.fetch('https://api.ref.test/v1/orders', {
        method: 'POST',
        headers: {
          authorization: 'Bearer refak_demo_eur_full',
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
      });
    const asStringified = () => {
      const nowMs = Date.parse(core.admin.clock.now().now);
      expect(slices.exportText(nowMs)).toBe(JSON.stringify(slices.export(nowMs)));
    };
    asStringified();
    // New records, replaced ones (the account's balance) and stored idempotent answers.
    expect((await order('first')).status).toBe(200);
    asStringified();
    expect((await order('second')).status).toBe(200);
    core.admin.faults.set({ power: 'fail' });
    core.admin.clock.advance(60);
    asStringified();
    // Idempotent answers past their 24 h are left out as the document leaves them out.
    core.admin.clock.advance(25 * 3600);
    asStringified();
    // Past 128 records a table keeps its full blocks encoded: read again as they were kept,
    // and counted in bytes as the text encodes.
    const payer = core.admin
      .state()
      .accounts.find((a) => a.api_keys.some((k) => k.token === 'refak_demo_eur_full'));
    await core.admin.topUp(payer?.account_ref ?? '', 10_000);
    for (let i = 0; i < 140; i++) {
      if (i % 50 === 0) core.admin.clock.advance(60);
      const storageBox = { type: 'storage_box', plan_code: 'sb-1tb' };
      expect((await order(`many-${i}`, storageBox)).status).toBe(200);
    }
    asStringified();
    asStringified();
    const nowMs = Date.parse(core.admin.clock.now().now);
    expect(slices.exportPieces(nowMs).some((piece) => typeof piece !== 'string')).toBe(true);
    expect(piecesBytes(slices.exportPieces(nowMs))).toBe(
      Buffer.byteLength(JSON.stringify(slices.export(nowMs))),
    );
  });
});
