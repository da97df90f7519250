import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { RefClient } from '@refapi/sdk';
import { describe, expect, it } from 'vitest';
import { recordedUpstream } from './recorded-upstream';

// A client's ordinary working session through `ref-server record` (the built bin, its own
// process), against a reference server whose clock runs and whose account lives: the SDK
// pages, orders, switches, powers and adds Shield rules, a read-only key of the same
// account is refused its writes, and between calls days pass and money comes in (the
// provider's doing: admin calls, not recorded). `ref-server drift --exit-code` on what it
// recorded must pass: every difference it could report here would be a false one.

const run = promisify(execFile);
const REF_SERVER = fileURLToPath(new URL('../packages/server/bin/ref-server.js', import.meta.url));

const recorded = recordedUpstream({ adminToken: 'e2e-session-admin', frozen: false });

/** A seeded stream of numbers in [0, 1): the same session on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('drift on a working session recorded through ref-server record', () => {
  it('finds no difference, its exit code 0', async () => {
    const random = seeded(7);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const client = (apiKey: string) =>
      new RefClient({
        apiKey,
        baseUrl: recorded.proxy,
        validateResponses: 'strict',
        maxRetries: 0,
      });
    const full = client('refak_demo_eur_full');
    const readOnly = client('refak_demo_eur_read');
    const services = ['REF-SVC-101', 'REF-SVC-102', 'REF-SVC-103', 'REF-SVC-303', 'REF-SVC-31E'];
    // A refused call (a 4xx the SDK throws) is part of the session, as recorded.
    const attempt = (call: () => Promise<unknown>) => call().catch(() => undefined);
    for (let step = 0; step < 240; step++) {
      const roll = random();
      const sdk = random() < 0.15 ? readOnly : full;
      const service = pick(services);
      if (roll < 0.1) await attempt(() => sdk.balance.get());
      else if (roll < 0.2)
        await attempt(() => sdk.services.list({ limit: pick([5, 20, 100]) }).then((p) => p.items));
      else if (roll < 0.26)
        await attempt(() =>
          sdk.services.list({ status: pick(['active', 'expired']) }).then((p) => p.items),
        );
      else if (roll < 0.32)
        await attempt(() => sdk.transactions.list({ limit: 20 }).then((p) => p.items));
      else if (roll < 0.38)
        await attempt(() => sdk.invoices.list({ limit: 20 }).then((p) => p.items));
      else if (roll < 0.42) await attempt(() => sdk.services.stats());
      else if (roll < 0.46) await attempt(() => sdk.plans.list().then((p) => p.items));
      else if (roll < 0.52) await attempt(() => sdk.services.get(service));
      else if (roll < 0.6) await attempt(() => sdk.services.setAutoRenew(service, random() < 0.5));
      else if (roll < 0.66)
        await attempt(() => sdk.services.power(service, pick(['start', 'stop', 'reboot'])));
      else if (roll < 0.74)
        await attempt(() =>
          sdk.orders.create({ type: 'kvm', plan_code: pick(['kvm-s', 'kvm-m']) }),
        );
      else if (roll < 0.8)
        await attempt(() =>
          sdk.shield('REF-SVC-101').rules.create({
            name: `rule-${step}`,
            mode: 'observe',
            action: 'drop',
            risk: 'low',
            protocol: 'udp',
            destination_port: 1000 + step,
          }),
        );
      else if (roll < 0.86) await attempt(() => sdk.shield('REF-SVC-101').rules.list());
      else if (roll < 0.93)
        recorded.upstream.admin.clock.advance(pick([3_600, 86_400, 5 * 86_400, 12 * 86_400]));
      else await recorded.upstream.admin.topUp('REF-ACCT-1', Math.round(random() * 4_000) / 100);
    }
    recorded.recorder.kill('SIGTERM');
    expect((await once(recorded.recorder, 'exit'))[0]).toBe(0);

    // Exit code 0 (a difference would be 1), and the report as JSON.
    const { stdout } = await run(process.execPath, [
      REF_SERVER,
      'drift',
      recorded.file,
      '--json',
      '--exit-code',
    ]);
    const report = JSON.parse(stdout) as {
      differences: unknown[];
      unverifiable: Array<{ reason: string }>;
      compared: number;
      matched: number;
    };
    expect(report.differences).toEqual([]);
    expect(report.matched).toBe(report.compared);
    // Set apart: only the read-only key's refused writes, which the replay's one key would take.
    for (const { reason } of report.unverifiable) {
      expect(reason).toMatch(/^it was refused the scope [a-z:]+, which other answers show a key/);
    }
    expect(report.compared).toBeGreaterThan(180);
  }, 60_000);
});
