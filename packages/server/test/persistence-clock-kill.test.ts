// `--state-file` and the clock (reference spec, section 9): every applied event is durable
// like an API write. A child ref-server is SIGKILLed after an acknowledged month, and again
// in the middle of a year of renewals: after each restart, what was acknowledged is there
// exactly once, no event is half-applied, and the rest falls due again and is applied once.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renewingKvm, renewingScenario } from './fixtures/renewing-account';
import { useTempDir } from './persistence-harness';
import { type RefServerProcess, startRefServer } from './ref-server-process';

const ADMIN = 'clock-kill-admin-token';
// Enough that the year's renewals take a few turns of the event loop after the first 1,024
// are in the journal: the kill below has to land before the last (it missed with 300 once,
// a loaded CI machine stalling the polling test process for the ~200 ms that was left).
const SERVICES = 600;
const RENEWAL_CENTS = 595; // KVM S monthly, 5.00 EUR + 19 % VAT
const OPENING_CENTS = 5_000_000; // covers 13 renewals of every service
const dir = useTempDir();
const running: RefServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.kill()));
});

// biome-ignore lint/suspicious/noExplicitAny: the state document is navigated as plain JSON
type Json = any;

const services = Array.from({ length: SERVICES }, (_, i) =>
  renewingKvm(`REF-SVC-${(0x100 + i).toString(16).toUpperCase()}`, `10.0.${i >> 8}.${i & 255}`),
);

const document = renewingScenario(services, {
  token: 'refak_clock_kill',
  balance: OPENING_CENTS / 100,
});

async function admin(server: RefServerProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.origin}/__admin${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/**
 * The state is one time could have produced: every renewal whole (its invoice, its
 * transaction, its debit), each service's `expires_at` exactly its renewals on, and the
 * balance the opening balance less those renewals. Returns the renewals per service.
 */
function checkWhole(state: Json): Map<string, number> {
  const [account] = state.accounts;
  const invoices = account.invoices.filter((i: Json) => i.kind === 'service_renewal');
  const transactions = account.transactions.filter((t: Json) => t.kind === 'service_renewal');
  expect(transactions.map((t: Json) => t.invoice_ref).sort()).toEqual(
    invoices.map((i: Json) => i.invoice_ref).sort(),
  );
  const counts = new Map<string, number>();
  for (const invoice of invoices) {
    expect(invoice).toMatchObject({ status: 'paid', amount: RENEWAL_CENTS / 100 });
    counts.set(invoice.service_ref, (counts.get(invoice.service_ref) ?? 0) + 1);
  }
  for (const service of account.services) {
    const renewals = counts.get(service.service_ref) ?? 0;
    expect(service.expires_at, service.service_ref).toBe(
      new Date(Date.UTC(2026, 1 + renewals, 1)).toISOString(),
    );
  }
  expect(Math.round(account.balance * 100)).toBe(OPENING_CENTS - invoices.length * RENEWAL_CENTS);
  return counts;
}

describe('clock events under SIGKILL', () => {
  it('keeps exactly the acknowledged renewals, and applies the rest once after a restart', async () => {
    const scenarioFile = join(dir(), 'clock-scenario.json');
    const stateFile = join(dir(), 'clock-state.json');
    await writeFile(scenarioFile, JSON.stringify(document));
    const start = async () => {
      const server = await startRefServer(
        ['--scenario', scenarioFile, '--state-file', stateFile, '--admin-token', ADMIN],
        // No compaction: the test counts the year's lines in the journal, and a year of
        // renewals passes the default 4 MiB; had a compaction moved them into the snapshot
        // before the kill (a loaded machine, the poll below lagging), the count fell to 0.
        { REF_STATE_COMPACT_BYTES: String(1 << 30) },
      );
      running.push(server);
      return server;
    };

    // A month, acknowledged: one renewal of each service. Then SIGKILL.
    let server = await start();
    const month = await admin(server, 'POST', '/clock', { advance: 'P1M' });
    expect(month.body.applied).toHaveLength(SERVICES);
    await server.kill();
    server = await start();
    let state = (await admin(server, 'GET', '/state')).body;
    expect(state.now).toBe('2026-02-01T00:00:00.000Z');
    const once = checkWhole(state);
    expect([...once.values()]).toEqual(Array(SERVICES).fill(1));

    // A year moved, and SIGKILL while its 7,200 renewals are being applied and logged: once
    // the write-ahead log has grown by a few dozen renewals (each its own line).
    const renewalLines = async () => {
      let lines = 0;
      for (const name of await readdir(dir())) {
        if (!name.startsWith('clock-state.json.journal.')) continue;
        const text = await readFile(join(dir(), name), 'utf8');
        lines += text.split('\n').filter((line) => line.includes('service_renewal')).length;
      }
      return lines;
    };
    const before = await renewalLines();
    const year = admin(server, 'POST', '/clock', { advance: 'P1Y' }).catch(() => undefined);
    while ((await renewalLines()) < before + 60) await new Promise((r) => setTimeout(r, 1));
    await server.kill();
    await year;
    // Killed half-way: some of the year's renewals were logged, not all.
    const logged = (await renewalLines()) - before;
    expect(logged).toBeGreaterThanOrEqual(60);
    expect(logged).toBeLessThan(12 * SERVICES);
    server = await start();
    state = (await admin(server, 'GET', '/state')).body;
    // The first admin call after the restart applies what is still due before it answers
    // (the clock's move was logged before the first renewal): so the state it shows is
    // already whole. What the kill cut short is never half there.
    expect(state.now).toBe('2027-02-01T00:00:00.000Z');
    const counts = checkWhole(state);
    expect([...counts.values()]).toEqual(Array(SERVICES).fill(13));
    // And it stays so across one more restart (nothing applied twice on replay).
    await server.kill();
    server = await start();
    const again = checkWhole((await admin(server, 'GET', '/state')).body);
    expect([...again.values()]).toEqual(Array(SERVICES).fill(13));
    await server.kill();
  }, 60_000);
});
