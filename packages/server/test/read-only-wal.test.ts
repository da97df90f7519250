// Read-only operations write nothing durable and change no admin control: once the Shield
// has settled (every apply that ended by now decided), GETs leave the journal and the
// faults exactly as they were. (Settling itself is a change: the first request after an
// apply ends records its outcome, and uses up an armed `shield: fail`, see shield-rules.)
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateLayout } from '../src/persistence/state-layout';
import { KVMS, openState, RULE, useTempDir } from './persistence-harness';

const dir = useTempDir();

async function walBytes(file: string): Promise<number> {
  const layout = stateLayout(file);
  let total = 0;
  for (const generation of await layout.wals()) {
    total += (await stat(layout.wal(generation))).size;
  }
  return total;
}

describe('read-only operations on a durable server', () => {
  it('journal nothing and leave the faults as they are', async () => {
    const file = join(dir(), 'reads.json');
    const state = await openState(file);
    const shield = `/services/${KVMS[0]}/shield`;
    const rule = await state.call('POST', `${shield}/rules`, { body: RULE, idem: 'r1' });
    expect(rule.status).toBe(202);
    await state.call('POST', '/__admin/clock', { body: { advance_seconds: 60 } });
    // The first read after the apply ended settles it (a change, journaled once).
    expect((await state.call('GET', `${shield}/rules`)).status).toBe(200);
    await state.call('POST', '/__admin/faults', { body: { shield: 'fail', power: 'reject' } });
    await state.server.flush();
    const before = await walBytes(file);
    const faults = state.server.admin.faults.get();

    const reads = [
      '/me',
      '/balance',
      '/invoices',
      '/orders',
      '/transactions',
      '/services',
      '/services/stats',
      `/services/${KVMS[0]}`,
      '/plans',
      shield,
      `${shield}/capabilities`,
      `${shield}/rules`,
      `${shield}/traffic?window_hours=24`,
      `${shield}/protection-activity?window_hours=24`,
      `${shield}/export?dataset=traffic&format=json`,
      `${shield}/rules/${rule.body.rule.id}/evidence`,
    ];
    for (const path of reads) {
      const reply = await state.call('GET', path);
      expect([path, reply.status]).toEqual([path, 200]);
    }
    await state.server.flush();
    expect(await walBytes(file)).toBe(before);
    expect(state.server.admin.faults.get()).toEqual(faults);
    await state.server.close();
  });
});
