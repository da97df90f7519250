// A full disk under `--state-file` (issue #12): a mutation that cannot be made durable is
// not applied and answers 503 state_unavailable with Retry-After, reads go on, one line is
// logged, and writes resume by themselves once the journal takes writes again.
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DiskFault } from './disk-fault';
import {
  KVMS,
  ORDER,
  openFaulty,
  openState,
  RULE,
  stateScenario,
  untilWritable,
  useTempDir,
} from './persistence-harness';

const dir = useTempDir();

describe.each(['write', 'datasync'] as const)('a journal whose %s fails (disk full)', (mode) => {
  it('refuses the mutation with 503, keeps reads, logs one line and resumes by itself', async () => {
    const file = join(dir(), `${mode}.json`);
    const fault = new DiskFault();
    const server = await openFaulty(file, fault);
    expect((await server.call('POST', '/orders', ORDER, 'before')).status).toBe(200);
    const balance = (await server.call('GET', '/balance')).body.amount;

    fault.mode = mode;
    const refused = await server.call('POST', '/orders', ORDER, 'during');
    expect([refused.status, refused.body]).toEqual([503, { error: 'state_unavailable' }]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Memory shows only durable state; reads answer from it.
    const read = await server.call('GET', '/balance');
    expect([read.status, read.body.amount]).toEqual([200, balance]);
    expect((await server.call('GET', '/orders')).body.orders).toHaveLength(1);
    // Later writes are refused before they change anything, the admin API's too.
    const rule = await server.call('POST', `/services/${KVMS[0]}/shield/rules`, RULE, 'r1');
    expect([rule.status, rule.body]).toEqual([503, { error: 'state_unavailable' }]);
    const clock = await server.call('POST', '/__admin/clock', { advance_seconds: 60 });
    expect([clock.status, clock.body]).toEqual([503, { error: 'state_unavailable' }]);
    expect((await server.call('GET', `/services/${KVMS[0]}/shield/rules`)).status).toBe(200);
    expect(server.warnings).toHaveLength(1);
    expect(server.warnings[0]).toMatch(/cannot write the journal: ENOSPC.*503 state_unavailable/);
    expect(server.errors).toEqual([]);

    fault.mode = 'off';
    const retried = await untilWritable(() => server.call('POST', '/orders', ORDER, 'during'));
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(server.warnings[1]).toMatch(/writes resume/);
    const after = (await server.call('GET', '/balance')).body.amount;
    expect(Math.round((balance - after) * 100)).toBe(595); // one more 5.00 + 19 % VAT
    expect(server.errors).toEqual([]);

    // What was acknowledged is on disk, what was refused is not.
    const rules = (await server.call('GET', `/services/${KVMS[0]}/shield/rules`)).body.rules;
    await server.close();
    const reopened = await openState(file);
    onTestFinished(() => reopened.server.close());
    const orders = (await reopened.call('GET', '/orders')).body.orders;
    expect(orders).toHaveLength(2);
    expect((await reopened.call('GET', `/services/${KVMS[0]}/shield/rules`)).body.rules).toEqual(
      rules,
    );
    expect(rules.some((r: { kind: string }) => r.kind === 'custom')).toBe(false);
  });
});

describe('a full disk amid concurrent orders and compactions', () => {
  it('keeps exactly the acknowledged orders, in memory and on disk', async () => {
    const file = join(dir(), 'busy.json');
    const fault = new DiskFault();
    // A compaction after nearly every batch, so failures land around them too.
    const server = await openFaulty(file, fault, { compactBytes: 2048 });
    const acked = new Set<string>();
    const buy = async (idem: string) => {
      const reply = await server.call('POST', '/orders', ORDER, idem);
      expect([200, 503]).toContain(reply.status);
      if (reply.status === 200) acked.add(reply.body.service_ref);
    };
    const wave = (name: string) =>
      Promise.all(Array.from({ length: 12 }, (_, i) => buy(`${name}-${i}`)));
    await wave('a');
    const filling = wave('b');
    fault.mode = 'write';
    await filling;
    await wave('c');
    fault.mode = 'off';
    const after = await untilWritable(() => server.call('POST', '/orders', ORDER, 'after'));
    acked.add(after.body.service_ref);
    await wave('d');
    const refs = (orders: Array<{ service_ref: string }>) =>
      new Set(orders.map((o) => o.service_ref));
    // Memory holds exactly what was acknowledged, and so does the file after a restart.
    expect(refs((await server.call('GET', '/orders?limit=100')).body.orders)).toEqual(acked);
    expect(fault.failures).toBeGreaterThan(0);
    expect(server.errors).toEqual([]);
    expect(server.warnings).toHaveLength(2);
    await server.close();
    const reopened = await openState(file);
    onTestFinished(() => reopened.server.close());
    expect(refs((await reopened.call('GET', '/orders?limit=100')).body.orders)).toEqual(acked);
  });
});

describe.each(['write', 'datasync'] as const)('admin writes when the journal %s fails', (mode) => {
  it.each([
    ['POST', '/__admin/snapshots/clean/restore', undefined],
    ['POST', '/__admin/reset', undefined],
    ['POST', '/__admin/scenario', stateScenario({ frozen: true })],
    ['POST', '/__admin/clock', { advance_seconds: 60 }],
    ['POST', '/__admin/faults', { latency_ms: 5 }],
  ] as const)(
    '%s %s hitting a full disk first answers 503 state_unavailable with Retry-After',
    async (method, path, body) => {
      const file = join(dir(), `${mode}-admin.json`);
      const fault = new DiskFault();
      const server = await openFaulty(file, fault);
      expect((await server.call('POST', '/__admin/snapshots', { name: 'clean' })).status).toBe(201);
      expect((await server.call('POST', '/orders', ORDER, 'before')).status).toBe(200);
      fault.mode = mode;
      const refused = await server.call(method, path, body);
      expect([refused.status, refused.body]).toEqual([503, { error: 'state_unavailable' }]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(server.errors).toEqual([]);
      // Not applied: the order made after the snapshot is still there.
      expect((await server.call('GET', '/orders')).body.orders).toHaveLength(1);
      fault.mode = 'off';
      const retried = await untilWritable(() => server.call(method, path, body));
      expect(retried.status).toBeLessThan(300);
    },
  );
});

describe('admin reads while the durable state is loaded back after a failed write', () => {
  it('answer the durable state or 503, never a state loaded half-way', async () => {
    const file = join(dir(), 'reload-reads.json');
    const fault = new DiskFault();
    const server = await openFaulty(file, fault);
    // In the journal, not in the snapshot: a reload shows them only once the journal is replayed.
    for (const idem of ['a', 'b', 'c']) {
      expect((await server.call('POST', '/orders', ORDER, idem)).status).toBe(200);
    }
    const before = (await server.call('GET', '/__admin/state')).body;
    let reading = true;
    const seen = { durable: 0, unavailable: 0 };
    const poll = async () => {
      while (reading) {
        // A turn of the event loop each time: the reload's file reads must get theirs.
        await new Promise((resolve) => setImmediate(resolve));
        const reply = await server.call('GET', '/__admin/state');
        if (reply.status === 503) seen.unavailable++;
        else {
          expect(reply.body).toEqual(before);
          seen.durable++;
        }
      }
    };
    const pollers = Promise.all(Array.from({ length: 4 }, poll));
    try {
      // Memory is loaded back once when the write fails, and once more when writes resume.
      fault.mode = 'write';
      expect((await server.call('POST', '/orders', ORDER, 'refused')).status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 50));
      fault.mode = 'off';
      for (let i = 0; i < 200 && server.warnings.length < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(server.warnings[1]).toMatch(/writes resume/);
    } finally {
      reading = false;
      await pollers;
    }
    expect(seen.durable).toBeGreaterThan(0);
    expect(seen.unavailable).toBeGreaterThan(0);
    expect(server.errors).toEqual([]);
  });
});
