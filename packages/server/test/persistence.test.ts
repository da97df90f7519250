import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReferenceServer } from '../src/index';
import { scenario } from '../src/testing/scenario-builder';
import {
  KVMS,
  ORDER,
  openState,
  RULE,
  STOCK,
  type StateServer,
  stateScenario,
  useTempDir,
} from './persistence-harness';

const dir = useTempDir();

describe('stateFile: a restart resumes the same state', () => {
  it('keeps a snapshot restored at the root (snapshots themselves live in memory); resets still go to the scenario', async () => {
    const file = join(dir(), 'snapshot.json');
    const first = await openState(file);
    const scenarioState = first.server.admin.state();
    await first.call('POST', '/orders', { body: ORDER, idem: 'before-snapshot' });
    expect((await first.call('POST', '/__admin/snapshots', { body: { name: 'one' } })).status).toBe(
      201,
    );
    await first.call('POST', '/orders', { body: ORDER, idem: 'after-snapshot' });
    await first.call('POST', '/__admin/clock', { body: { advance_seconds: 120 } });
    expect((await first.call('POST', '/__admin/snapshots/one/restore')).status).toBe(204);
    const restored = first.server.admin.state();
    await first.server.close();

    const second = await openState(file);
    expect(second.server.admin.state()).toEqual(restored);
    expect((await second.call('GET', '/__admin/snapshots')).body).toEqual({ snapshots: [] });
    // The key used after the snapshot is new again; the one before replays.
    const again = await second.call('POST', '/orders', { body: ORDER, idem: 'before-snapshot' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // A space of a recovered server starts from the scenario too (loaded in full, once).
    const space = (await second.call('POST', '/__admin/spaces', { body: {} })).body;
    const spaceState = await second.call('GET', `/spaces/${space.space_id}/__admin/state`);
    expect(spaceState.body.accounts).toEqual(scenarioState.accounts);
    await second.call('POST', '/__admin/reset');
    expect(second.server.admin.state()).toEqual(scenarioState);
    await second.server.close();
  });

  it('keeps orders, auto-renew, power, Shield rules and the clock; replays idempotent responses', async () => {
    const file = join(dir(), 'resume.json');
    const first = await openState(file);
    const order = await first.call('POST', '/orders', { body: ORDER, idem: 'order-1' });
    expect(order.status).toBe(200);
    expect(
      (await first.call('PUT', `/services/${KVMS[0]}/auto-renew`, { body: { enabled: true } }))
        .status,
    ).toBe(200);
    expect(
      (
        await first.call('POST', `/services/${KVMS[1]}/power`, {
          body: { action: 'stop' },
          idem: 'p1',
        })
      ).status,
    ).toBe(200);
    const rule = await first.call('POST', `/services/${KVMS[2]}/shield/rules`, {
      body: RULE,
      idem: 'rule-1',
    });
    expect(rule.status).toBe(202);
    await first.call('POST', '/__admin/clock', { body: { advance_seconds: 60 } });
    const before = first.server.admin.state();
    await first.server.close();

    const second = await openState(file);
    const after = second.server.admin.state();
    expect(after).toEqual(before);
    const replay = await second.call('POST', '/orders', { body: ORDER, idem: 'order-1' });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.service_ref).toBe(order.body.service_ref);
    expect(replay.body.balance).toEqual(order.body.balance);
    // Refs go on above the replayed ones: a new order gets a fresh service.
    const next = await second.call('POST', '/orders', { body: ORDER, idem: 'order-2' });
    expect(next.body.service_ref).not.toBe(order.body.service_ref);
    const rules = await second.call('GET', `/services/${KVMS[2]}/shield/rules`);
    expect(rules.body.rules.map((r: { id: string }) => r.id)).toContain(rule.body.rule.id);
    expect(second.server.store.plans.values()[0]?.stock).toBe(STOCK - 2);
    await second.server.close();
  });

  it('stops the clock at its last instant, so what it stamps loads again after a restart', async () => {
    const file = join(dir(), 'last-instant.json');
    const first = await openState(file);
    const clock = (body: unknown) => first.call('POST', '/__admin/clock', { body });
    const past = await clock({ now: '9990-01-01T00:00:00Z' });
    expect([past.status, past.body.error]).toEqual([409, 'clock_limit_reached']);
    expect((await clock({ now: '9989-12-31T23:59:59.999Z' })).status).toBe(200);
    expect((await clock({ advance: 'PT1S' })).status).toBe(409);
    const order = await first.call('POST', '/orders', { body: ORDER, idem: 'last-instant' });
    expect(order.status).toBe(200);
    // The longest term a plan sells (120 months) ends by 9999-12-31: a date the API states.
    expect(order.body.service.expires_at).toBe('9990-01-31T23:59:59.999Z');
    const state = first.server.admin.state();
    await first.server.close();

    const second = await openState(file);
    expect(second.server.admin.state()).toEqual(state);
    await second.server.close();
  });

  it('refuses a clock move that could apply more than 100,000 events, changing nothing the restart would see', async () => {
    const file = join(dir(), 'too-many-events.json');
    // Ten KVMs renewing monthly: a thousand years could be 120,000 renewals.
    const builder = scenario()
      .now('2026-01-01T00:00:00Z', { frozen: true })
      .plan({ code: 'kvm-s', price_eur: 5 })
      .account({ balance: 1000 });
    for (let i = 0; i < 10; i++) builder.withKvm({ autoRenew: true, expiresAt: '2026-02-01' });
    const renewing = builder.key(['*'], { token: 'refak_state_full' }).build();
    const first = await openState(file, { scenario: renewing });
    const before = first.server.admin.state();
    const refusal = {
      status: 409,
      code: 'clock_limit_reached: the move could apply more than 100000 events; move the clock in smaller steps',
    };
    // The durable admin in process throws the typed error; over the admin API it is the 409.
    await expect(first.server.admin.clock.move('P1000Y')).rejects.toMatchObject(refusal);
    expect(() => first.server.admin.clock.set('3026-01-01T00:00:00Z')).toThrow(
      expect.objectContaining(refusal),
    );
    const refused = await first.call('POST', '/__admin/clock', { body: { advance: 'P1000Y' } });
    expect([refused.status, refused.body]).toEqual([409, { error: refusal.code }]);
    expect(first.server.admin.state()).toEqual(before);
    // Two months at a time it moves: twenty renewals, each durable.
    expect((await first.server.admin.clock.move({ months: 2 })).applied).toHaveLength(20);
    const after = first.server.admin.state();
    await first.server.close();

    const second = await openState(file, { scenario: renewing });
    expect(second.server.admin.state()).toEqual(after);
    await second.server.close();
  });

  it('journals only what changed: an order line does not copy the account keys', async () => {
    const file = join(dir(), 'small-lines.json');
    const state = await openState(file);
    await state.call('POST', '/orders', { body: ORDER, idem: 'small-1' });
    await state.server.close();
    const journal = await readFile(`${file}.journal.1`, 'utf8');
    const lines = journal.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(journal).not.toContain('refak_');
    expect(journal).toContain('"balance_cents"');
  });

  it('keeps admin switches, scenario loads and resets', async () => {
    const file = join(dir(), 'admin.json');
    const first = await openState(file);
    await first.call('POST', '/__admin/faults', { body: { power: 'reject', latency_ms: 1 } });
    await first.call('POST', '/__admin/shield', { body: { paused: true, retry_after: 7 } });
    await first.call('POST', '/__admin/clock', { body: { frozen: true } });
    await first.server.close();

    const second = await openState(file);
    expect(second.server.admin.faults.get()).toEqual({
      power: 'reject',
      shield: 'ok',
      latencyMs: 1,
    });
    const paused = await second.call('GET', `/services/${KVMS[0]}/shield`);
    expect([paused.status, paused.headers.get('retry-after')]).toEqual([503, '7']);
    // A new scenario replaces everything, and is what reset returns to after a restart.
    const other = stateScenario({ frozen: true });
    other.accounts![0]!.balance = 42;
    await second.call('POST', '/__admin/scenario', { body: other });
    await second.call('POST', '/orders', { body: ORDER, idem: 'after-load' });
    await second.server.close();

    const third = await openState(file);
    const balance = await third.call('GET', '/balance');
    expect(balance.body.amount).toBe(42 - 5.95);
    expect(third.server.admin.faults.get().power).toBe('ok');
    await third.call('POST', '/__admin/reset');
    await third.server.close();

    const fourth = await openState(file);
    expect((await fourth.call('GET', '/balance')).body.amount).toBe(42);
    await fourth.server.close();
  });

  it('gives on a reset the request journal its load gave, before and after a restart', async () => {
    const file = join(dir(), 'reset-journal.json');
    // Its first KVM renews at the load: on 1 December and on 1 January (the scenario's now).
    const due = stateScenario({ frozen: true });
    Object.assign(due.accounts?.[0]?.services?.[0] ?? {}, {
      auto_renew: true,
      expires_at: '2025-12-01T00:00:00.000Z',
    });
    const journal = async (server: StateServer) =>
      (await server.call('GET', '/__admin/requests')).body.requests;
    const first = await openState(file, { scenario: due });
    const loaded = await journal(first);
    expect(loaded.map((e: Record<string, unknown>) => [e.kind, e.event, e.time])).toEqual([
      ['clock_event', 'service_renewal', '2026-01-01T00:00:00.000Z'],
      ['clock_event', 'service_renewal', '2025-12-01T00:00:00.000Z'],
    ]);
    await first.call('GET', '/balance');
    await first.call('POST', '/__admin/clock', { body: { advance: 'P1M' } });
    expect((await first.call('POST', '/__admin/reset')).status).toBe(204);
    expect(await journal(first)).toEqual(loaded);
    const reset = first.server.admin.state();
    await first.server.close();

    // The journal lives in memory; the state the reset gave is durable, and a reset after
    // the restart (a full load of the scenario) gives the same journal again.
    const second = await openState(file, { scenario: due });
    expect(second.server.admin.state()).toEqual(reset);
    await second.call('GET', '/balance');
    expect((await second.call('POST', '/__admin/reset')).status).toBe(204);
    expect(await journal(second)).toEqual(loaded);
    expect(second.server.admin.state()).toEqual(reset);
    await second.server.close();
  });

  it('compacts the journal into the snapshot in the background and still resumes', async () => {
    const file = join(dir(), 'compact.json');
    const first = await openState(file, { stateCompactBytes: 4096 });
    for (let i = 0; i < 30; i++) {
      expect((await first.call('POST', '/orders', { body: ORDER, idem: `c-${i}` })).status).toBe(
        200,
      );
    }
    await first.server.close();
    const before = first.server.admin.state();
    const snapshot = await readFile(file, 'utf8');
    expect(JSON.parse(snapshot.split('\n')[0] ?? '').generation).toBeGreaterThan(1);
    const second = await openState(file);
    expect(second.server.admin.state()).toEqual(before);
    // The first answers are stored in the snapshot now, not the journal: still replayed.
    const replay = await second.call('POST', '/orders', { body: ORDER, idem: 'c-0' });
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    await second.server.close();
  });

  it('resumes a running clock from the last write plus the real time elapsed', async () => {
    const file = join(dir(), 'running-clock.json');
    const first = await openState(file, { scenario: stateScenario({ frozen: false }) });
    await first.call('POST', '/__admin/clock', { body: { advance_seconds: 3600 } });
    const before = Date.parse(first.server.admin.clock.now().now);
    await first.server.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await openState(file);
    const after = Date.parse(second.server.admin.clock.now().now);
    expect(second.server.admin.clock.now().frozen).toBe(false);
    expect(after - before).toBeGreaterThanOrEqual(200);
    expect(after - before).toBeLessThan(60_000);
    await second.server.close();
  });

  it('starts from the scenario when the file does not exist, and ignores it afterwards', async () => {
    const file = join(dir(), 'fresh.json');
    const first = await openState(file);
    await first.call('POST', '/orders', { body: ORDER, idem: 'fresh-1' });
    await first.server.close();
    const other = createReferenceServer({ stateFile: file, onWarning: () => {} });
    await other.ready;
    expect(other.store.partition('REF-ACCT-1')?.orders.size).toBe(1);
    await other.close();
  });
});

// Another user of a shared directory (/tmp) can plant a link at a name the state file's
// files will take while the server runs: it must never write through it into the file the
// link points at (a start removes what a crash left at those names already).
describe.skipIf(process.platform === 'win32')('stateFile: links planted at its names', () => {
  const planted = async (name: string) => {
    const victim = join(dir(), `victim-of-${name}.txt`);
    await writeFile(victim, 'precious\n');
    return victim;
  };

  it("writes a compaction's snapshot through a new temp file, never through a link at its name", async () => {
    const file = join(dir(), 'planted-temp.json');
    const victim = await planted('temp');
    const first = await openState(file, { stateCompactBytes: 4096 });
    await symlink(victim, `${file}.tmp`);
    for (let i = 0; i < 30; i++)
      await first.call('POST', '/orders', { body: ORDER, idem: `t-${i}` });
    await first.server.close();
    expect(await readFile(victim, 'utf8')).toBe('precious\n');
    // It compacted all the same, and resumes.
    expect(
      JSON.parse((await readFile(file, 'utf8')).split('\n')[0] ?? '').generation,
    ).toBeGreaterThan(1);
    const second = await openState(file);
    expect(second.server.admin.state()).toEqual(first.server.admin.state());
    await second.server.close();
  });

  it("never appends to a link planted at the next journal's name", async () => {
    const file = join(dir(), 'planted-journal.json');
    const victim = await planted('journal');
    const first = await openState(file, { stateCompactBytes: 4096 });
    const journals = (await readdir(dir())).filter((name) =>
      name.startsWith('planted-journal.json.journal.'),
    );
    const generation = Number(journals[0]?.split('.').at(-1));
    await symlink(victim, `${file}.journal.${generation + 1}`);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await first.call('POST', '/orders', { body: ORDER, idem: `j-${i}` })).status);
    }
    await first.server.close();
    // The compaction that met the link failed; writes are then refused (503) as in any outage
    // of the state file, never taken and lost.
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
    expect(await readFile(victim, 'utf8')).toBe('precious\n');
    // A restart reads no journal through a link (it would cut the "torn" tail of its target).
    const second = createReferenceServer({ stateFile: file, onWarning: () => {} });
    await expect(second.ready).rejects.toThrow(
      `journal ${file}.journal.${generation + 1} is a symbolic link, which ref-server never makes: refusing to start (remove it)`,
    );
    await second.close().catch(() => {});
    expect(await readFile(victim, 'utf8')).toBe('precious\n');
  });
});

describe('stateFile: a journal write is durable when it returns', () => {
  // O_DSYNC makes each write its own fdatasync: one trip through the thread pool a batch.
  it.runIf(process.platform === 'linux')(
    'opens the journal with O_DSYNC (the flags the kernel keeps for its descriptor)',
    async () => {
      const file = join(dir(), 'dsync.json');
      const state = await openState(file);
      expect((await state.call('POST', '/orders', { body: ORDER, idem: 'dsync-1' })).status).toBe(
        200,
      );
      const fds = await readdir('/proc/self/fd');
      const links = await Promise.all(
        fds.map((fd) =>
          readlink(`/proc/self/fd/${fd}`).then(
            (target) => ({ fd, target }),
            () => ({ fd, target: '' }),
          ),
        ),
      );
      const journal = links.find(({ target }) => target === `${file}.journal.1`);
      expect(journal).toBeDefined();
      const info = await readFile(`/proc/self/fdinfo/${journal?.fd}`, 'utf8');
      const flags = Number.parseInt(/^flags:\s+([0-7]+)$/m.exec(info)?.[1] ?? '0', 8);
      expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
      expect(flags & constants.O_APPEND).toBe(constants.O_APPEND);
      await state.server.close();
    },
  );
});

describe('stateFile under a suite that fakes timers', () => {
  afterEach(() => vi.useRealTimers());

  it('makes a write durable and answers it while vi.useFakeTimers() holds the timers', async () => {
    const state = await openState(join(dir(), 'fake-timers.json'));
    // The journal groups lines with node's own setImmediate, which a suite's fake timers
    // (vitest, Jest, sinon: the global functions) do not hold back.
    vi.useFakeTimers();
    const order = await state.call('POST', '/orders', { body: ORDER, idem: 'under-fake-timers' });
    expect(order.status).toBe(200);
    vi.useRealTimers();
    await state.server.close();

    const again = await openState(join(dir(), 'fake-timers.json'));
    const replay = await again.call('POST', '/orders', { body: ORDER, idem: 'under-fake-timers' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await again.server.close();
  });
});

describe('stateFile: closing', () => {
  it('leaves no hook on the promises of the process once the server is closed', async () => {
    // On Node 22 the AsyncLocalStorage that tracks each request's unit of work hooks every
    // promise of the process (a continuation then runs with an async id, not 0) until it is
    // disabled: a suite that closed its durable server paid for it on every later await. In a
    // process of its own, as the test runner may hook promises itself.
    const script = `
      import { executionAsyncId } from 'node:async_hooks';
      import { createReferenceServer } from '@refapi/server';
      const probe = async () => { await null; return executionAsyncId(); };
      const server = createReferenceServer({ stateFile: process.argv[1] });
      await server.ready;
      const me = await server.fetch(server.baseUrl + '/me', {
        headers: { authorization: 'Bearer refak_demo_eur_full' },
      });
      await server.close();
      console.log(JSON.stringify({ status: me.status, asyncId: await probe() }));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions=@refapi/source',
        '--input-type=module',
        '-e',
        script,
        join(dir(), 'state.json'),
      ],
      { cwd: fileURLToPath(new URL('..', import.meta.url)) },
    );
    expect(JSON.parse(stdout)).toEqual({ status: 200, asyncId: 0 });
  });
});
