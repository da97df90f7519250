// Time moves the account (reference-server spec, section 9): applying 100,000 due events in
// process (target ≤ 1 s), and what a request pays when nothing is due: GET /v1/me on the
// demo (renewals and expiries scheduled ahead) against the same demo with nothing ever due,
// in alternating rounds (target ≤ 1.02×).
// The built server, as users run it (no tsx wrappers in the hot loop).
import { createReferenceServer, demoScenario } from '../dist/index.js';
import type { Figure } from './report';

const SERVICES = 10_000;
const MONTHS = 10;

/** 10,000 KVMs renewing monthly from 1 February: ten months are 100,000 renewals. */
function renewingAccount() {
  const services = Array.from({ length: SERVICES }, (_, i) => {
    const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    return {
      service_ref: `REF-SVC-${(0x1000 + i).toString(16).toUpperCase()}`,
      name: `vm-${i}`,
      service_plan_name: 'KVM S',
      type: 'kvm',
      status: 'active',
      auto_renew: true,
      primary_ip: ip,
      ip_addresses: [ip],
      expires_at: '2026-02-01T00:00:00.000Z',
    };
  });
  return {
    now: '2026-01-01T00:00:00.000Z',
    frozen: true,
    rates: { EUR: 1, USD: 1.08, GBP: 0.86 },
    plans: demoScenario.plans,
    accounts: [
      {
        account_ref: 'REF-ACCT-1',
        email: 'bench@example.test',
        first_name: 'Bench',
        last_name: 'Mark',
        country_code: 'DE',
        account_currency: 'EUR',
        preferred_locale: 'en-GB',
        status: 'active',
        balance: 100_000_000,
        vat_rate: 0.19,
        billing_profile_complete: true,
        api_keys: [{ token: 'refak_bench_clock', scopes: ['*'], allowed_ips: [] }],
        services,
      },
    ],
  };
}

export async function applyFigure(): Promise<Figure> {
  const server = createReferenceServer({ scenario: renewingAccount(), onError: () => {} });
  await server.ready;
  const started = performance.now();
  const move = await server.admin.clock.move({ months: MONTHS });
  const ms = performance.now() - started;
  const applied = move.applied.length;
  return {
    name: `apply ${applied.toLocaleString('en')} due renewals (one clock move)`,
    value: `${ms.toFixed(0)} ms`,
    target: '≤ 1,000 ms for 100,000 (spec, section 9)',
    pass: applied === SERVICES * MONTHS && ms <= 1_000,
  };
}

/** The demo with nothing ever due: no term ends, no grace period. */
function timelessDemo() {
  return {
    ...demoScenario,
    accounts: demoScenario.accounts?.map((account) => ({
      ...account,
      shield:
        account.shield === null || account.shield === undefined
          ? account.shield
          : { ...account.shield, status: 'active' as const, grace_ends_at: null },
      services: account.services?.map(({ expires_at: _, ...service }) => service),
    })),
  };
}

const ROUNDS = 8;
const PER_ROUND = 20_000;

async function perRequest(server: ReturnType<typeof createReferenceServer>): Promise<number> {
  const init = { headers: { authorization: 'Bearer refak_demo_eur_full' } };
  const url = `${server.baseUrl}/me`;
  const started = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await (await server.fetch(url, init)).arrayBuffer();
  return ((performance.now() - started) * 1000) / PER_ROUND;
}

async function idleFigure(): Promise<Figure> {
  const scheduled = createReferenceServer({ onError: () => {} });
  const timeless = createReferenceServer({ scenario: timelessDemo(), onError: () => {} });
  await Promise.all([scheduled.ready, timeless.ready]);
  for (const server of [scheduled, timeless]) server.admin.clock.freeze(true);
  await perRequest(scheduled);
  await perRequest(timeless);
  const with_: number[] = [];
  const without: number[] = [];
  // Each first in every other round: neither gains from going second.
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      with_.push(await perRequest(scheduled));
      without.push(await perRequest(timeless));
    } else {
      without.push(await perRequest(timeless));
      with_.push(await perRequest(scheduled));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  const ratio = median(with_) / median(without);
  return {
    name: 'GET /v1/me in process, events scheduled vs none ever due',
    value: `${median(with_).toFixed(1)} vs ${median(without).toFixed(1)} µs (×${ratio.toFixed(3)})`,
    target: '≤ ×1.02: a request finds nothing due in one comparison',
    pass: ratio <= 1.02,
  };
}

/** The figures of the clock section. */
export async function benchClockEvents(): Promise<Figure[]> {
  return [await applyFigure(), await idleFigure()];
}
