import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operationList } from '@refapi/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '../transport/node/reference-server';
import { driftReport, fidelityLine, formatDriftReport } from './drift';
import { runFullSession } from './full-session';
import { startRecorder } from './record-proxy';
import { scenarioFromRecording } from './scenario-from-recording';

// Fidelity against itself (reference-server spec, section 9): a recording of the reference
// server, replayed by drift against the scenario built from it, scores N/N whatever an
// ordinary session did. The session calls every one of the 23 operations through the recorder
// against a second reference server on node:http, with its clock frozen and running.

const KEY = 'refak_demo_eur_full';

/** What the sessions read of an answer: its status and its body. */
interface SessionAnswer {
  readonly status: number;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

const keepAlive = new Agent({ keepAlive: true });
afterAll(() => keepAlive.destroy());

/**
 * The sessions' HTTP client: node:http over kept-alive connections, for a method, string
 * headers and a string body. The recorder in between is what these tests are about, not the
 * client: with `fetch`, whose Request, Headers and web streams cost ~0.4 ms a call here,
 * this file's ~10,000 calls took a sixth of its CPU.
 */
function sessionFetch(url: string, init: RequestInit = {}): Promise<SessionAnswer> {
  return new Promise((resolve, reject) => {
    const headers = init.headers as Record<string, string> | undefined;
    const sent = httpRequest(url, { method: init.method ?? 'GET', headers, agent: keepAlive });
    sent.once('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.once('error', reject);
      answer.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: answer.statusCode ?? 0,
          text: async () => text,
          json: async () => JSON.parse(text),
        });
      });
    });
    sent.once('error', reject);
    sent.end(init.body as string | undefined);
  });
}
const dir = mkdtempSync(join(tmpdir(), 'ref-fidelity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

const service = (n: number, fields: Record<string, unknown>) => ({
  service_ref: `REF-SVC-${n}`,
  name: `vm-${n}`,
  service_plan_name: 'KVM T',
  type: 'kvm',
  status: 'active',
  primary_ip: `203.0.113.${n}`,
  ...fields,
});

/** Records `session` against an upstream on TIME_SCENARIO, its clock frozen but for `days`. */
async function recordTimeSession(
  session: (
    call: (path: string, init?: RequestInit) => Promise<Record<string, unknown>>,
    days: (n: number) => void,
    topUp: (amount: number) => Promise<unknown>,
  ) => Promise<void>,
  scenario: unknown = TIME_SCENARIO,
) {
  const upstream = createReferenceServer({ adminToken: 'fidelity-admin', scenario });
  await upstream.ready;
  upstream.admin.clock.freeze(true);
  const listening = await upstream.listen({ port: 0 });
  const file = join(dir, `session-${++n}.jsonl`);
  const recorder = await startRecorder({ upstream: listening.baseUrl, port: 0, out: file });
  const statuses: number[] = [];
  try {
    await session(
      async (path, init = {}) => {
        const response = await sessionFetch(`${recorder.baseUrl}${path}`, {
          ...init,
          headers: {
            authorization: 'Bearer refak_time',
            'content-type': 'application/json',
            ...(init.headers as Record<string, string>),
          },
        });
        statuses.push(response.status);
        const text = await response.text();
        return (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
      },
      (n) => upstream.admin.clock.advance(n * 86_400),
      (amount) => upstream.admin.topUp('REF-ACCT-7', amount),
    );
  } finally {
    await recorder.close();
    await listening.close();
    await upstream.close();
  }
  return { file, statuses };
}

/** A custom Shield rule's body: observe and drop SSH, for `hours` when given. */
const ruleBody = (name: string, hours?: number) => ({
  name,
  mode: 'observe',
  action: 'drop',
  risk: 'low',
  protocol: 'tcp',
  destination_port: 22,
  ...(hours === undefined ? {} : { duration_hours: hours }),
});

const rule = (name: string, hours: number, key: string): RequestInit => ({
  method: 'POST',
  headers: { 'idempotency-key': key },
  body: JSON.stringify(ruleBody(name, hours)),
});

/** A recording's lines with the answers' `Date` headers taken out. */
const withoutDateHeaders = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => {
      const exchange = JSON.parse(line) as { response: { headers: Record<string, string> } };
      delete exchange.response.headers.date;
      return JSON.stringify(exchange);
    })
    .join('\n');

/** A JSON write with an Idempotency-Key, as the demo's EUR key sends it. */
const keyedJson = (key: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: {
    authorization: `Bearer ${KEY}`,
    'content-type': 'application/json',
    'idempotency-key': key,
  },
  body: JSON.stringify(body),
});

const order = (key: string): RequestInit => ({
  method: 'POST',
  headers: { 'idempotency-key': key },
  body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-t' }),
});

/** An account whose services fall due within the session's two months. */
const TIME_SCENARIO = {
  now: '2026-01-30T00:00:00Z',
  // Not the defaults: the rebuilt scenario takes the rates the balance displayed.
  rates: { EUR: 1, USD: 1.1234, GBP: 0.8512 },
  plans: [
    {
      plan_ref: 'REF-PLAN-7',
      name: 'KVM T',
      code: 'kvm-t',
      service_type: 'kvm',
      price_eur: 10,
      periods: [{ period_ref: 'REF-PERIOD-7', name: 'monthly', months: 1 }],
      purchase_url: 'https://example.test/buy/kvm-t',
    },
  ],
  accounts: [
    {
      account_ref: 'REF-ACCT-7',
      email: 'time@example.test',
      first_name: 'Tim',
      last_name: 'Ely',
      country_code: 'DE',
      account_currency: 'EUR',
      preferred_locale: 'en-GB',
      status: 'active',
      balance: 52,
      vat_rate: 0.19,
      shield: { status: 'grace', grace_ends_at: '2026-02-20T00:00:00Z', mutations_blocked: false },
      api_keys: [{ token: 'refak_time', scopes: ['*'] }],
      services: [
        // Renews on 31 January, then 28 February; short on 31 March.
        service(1, { auto_renew: true, expires_at: '2026-01-31T10:00:00Z' }),
        service(2, { auto_renew: false, expires_at: '2026-02-10T00:00:00Z' }),
        // Short on 10 March: suspended, then expired on the 17th.
        service(3, { auto_renew: true, expires_at: '2026-03-10T00:00:00Z' }),
        service(4, { auto_renew: true, expires_at: '2026-06-10T00:00:00Z' }),
        // Its term began on a 31st: renews on 28 February to 31 March (then short).
        service(8, { auto_renew: true, expires_at: '2026-02-28T12:00:00Z', term_day: 31 }),
        // Suspended before the recording by an unpaid renewal: expires on 3 February.
        service(5, {
          auto_renew: true,
          status: 'suspended',
          expires_at: '2026-01-27T00:00:00Z',
          renewal_invoice_ref: 'REF-INV-50',
        }),
      ],
      invoices: [
        {
          invoice_ref: 'REF-INV-50',
          kind: 'service_renewal',
          transaction_kind: 'debit',
          amount: 11.9,
          fee: 0,
          penalty: 0,
          vat_amount: 1.9,
          vat_rate: 0.19,
          currency: 'EUR',
          status: 'unpaid',
          issue_date: '2026-01-27T00:00:00.000Z',
          due_date: '2026-02-03T00:00:00.000Z',
          description: 'Renewal of vm-5: KVM T (monthly)',
          customer_payable: true,
          service_ref: 'REF-SVC-5',
        },
      ],
    },
  ],
};

/**
 * TIME_SCENARIO with an older unpaid renewal invoice of vm-4 (100 EUR, due 14 days on: not
 * the clock's, which never cancels it; vm-4 is active, so no top-up settles it): a top-up
 * settles unpaid renewals oldest first and stops at the first it does not cover.
 */
function withOlderUnpaidInvoice() {
  const blocked = structuredClone(TIME_SCENARIO);
  blocked.accounts[0]?.invoices.unshift({
    ...(blocked.accounts[0]?.invoices[0] as (typeof blocked.accounts)[0]['invoices'][0]),
    invoice_ref: 'REF-INV-4F',
    amount: 100,
    vat_amount: 15.97,
    issue_date: '2026-01-20T00:00:00.000Z',
    due_date: '2026-02-03T00:00:00.000Z',
    description: 'Renewal of vm-4: KVM T (monthly)',
    service_ref: 'REF-SVC-4',
  });
  return blocked;
}

/** TIME_SCENARIO's account with only `services`, no invoice, and `balance`. */
function timeAccount(balance: number, services: ReturnType<typeof service>[]) {
  const scenario = structuredClone(TIME_SCENARIO);
  Object.assign(scenario.accounts[0] as object, { balance, services, invoices: [] });
  return scenario;
}

/** Records the full session against a fresh demo server; `prepare` may set it up first. */
async function recordSession(
  prepare: (upstream: ReturnType<typeof createReferenceServer>) => void = () => {},
  session: (
    upstream: ReturnType<typeof createReferenceServer>,
    base: string,
  ) => Promise<Array<[string, number]>> = (_, base) => runFullSession(base, KEY),
) {
  const upstream = createReferenceServer({ adminToken: 'fidelity-admin' });
  await upstream.ready;
  prepare(upstream);
  const listening = await upstream.listen({ port: 0 });
  const file = join(dir, `session-${++n}.jsonl`);
  const recorder = await startRecorder({ upstream: listening.baseUrl, port: 0, out: file });
  try {
    const statuses = await session(upstream, recorder.baseUrl);
    return { file, statuses };
  } finally {
    await recorder.close();
    await listening.close();
    await upstream.close();
  }
}

/** A JSON request with the demo's EUR key to `base`. */
const demoFetch = (base: string, path: string, init: RequestInit = {}) =>
  sessionFetch(`${base}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });

/** {@link demoFetch}, its answer read; resolves to the path and status. */
async function demoCall(base: string, path: string, init: RequestInit = {}) {
  const response = await demoFetch(base, path, init);
  await response.text();
  return [path, response.status] as [string, number];
}

/** A linear congruential generator in [0, 1): the same seed, the same numbers. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Moves the demo account's clock 1-4 times by up to 60 days, topping it up between. */
async function ageAccount(seed: number, upstream: ReturnType<typeof createReferenceServer>) {
  const random = seededRandom(seed * 7919);
  for (let i = 0, moves = 1 + Math.floor(random() * 4); i < moves; i++) {
    upstream.admin.clock.advance(Math.floor(random() * 60 * 86_400));
    if (random() < 0.5) {
      await upstream.admin.topUp('REF-ACCT-1', Math.round(random() * 6000) / 100 + 0.01);
    }
  }
  // A second on, so the first exchange's time is not the last top-up's.
  upstream.admin.clock.advance(1);
}

/**
 * A seeded random session of the demo's EUR account (a linear congruential generator: the
 * same seed, the same session): orders, paged lists of random page sizes (not always to the
 * end), auto-renew switches, power actions, reads, Shield reads and rules, and between them
 * what no session does, admin moves of the clock by up to 40 days and admin top-ups.
 */
async function randomSession(
  seed: number,
  upstream: ReturnType<typeof createReferenceServer>,
  base: string,
): Promise<Array<[string, number]>> {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const seen: Array<[string, number]> = [];
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await demoFetch(base, path, init);
    seen.push([path, response.status]);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const write = (method: string, body: unknown, key: string): RequestInit => ({
    method,
    body: JSON.stringify(body),
    headers: { 'idempotency-key': key },
  });
  const listAll = async (path: string) => {
    let cursor: unknown;
    for (;;) {
      const separator = path.includes('?') ? '&' : '?';
      const page = await call(
        `${path}${separator}limit=${pick([5, 20, 100])}${cursor === undefined ? '' : `&cursor=${cursor}`}`,
      );
      const pagination = page.pagination as
        | { has_more?: boolean; next_cursor?: string }
        | undefined;
      if (!pagination?.has_more || random() < 0.2) return;
      cursor = pagination.next_cursor;
    }
  };
  await call('/me');
  for (let i = 0; i < 60; i++) {
    const r = random();
    if (r < 0.15)
      await call('/orders', write('POST', { type: 'kvm', plan_code: 'kvm-s' }, `o${seed}-${i}`));
    else if (r < 0.3) {
      await listAll(
        pick(['/services', '/invoices', '/transactions', '/orders', '/services?status=active']),
      );
    } else if (r < 0.4) {
      const service = pick(['REF-SVC-101', 'REF-SVC-102', 'REF-SVC-103', 'REF-SVC-31C']);
      await call(
        `/services/${service}/auto-renew`,
        write('PUT', { enabled: random() < 0.5 }, `a${seed}-${i}`),
      );
    } else if (r < 0.5) {
      const action = pick(['reboot', 'stop', 'start']);
      await call('/services/REF-SVC-101/power', write('POST', { action }, `p${seed}-${i}`));
    } else if (r < 0.65) upstream.admin.clock.advance(Math.floor(random() * 40 * 86_400));
    else if (r < 0.72)
      await upstream.admin.topUp('REF-ACCT-1', Math.floor(random() * 5000) / 100 + 1);
    else if (r < 0.8) {
      await call(
        pick([
          '/balance',
          '/me',
          '/services/stats',
          '/services/REF-SVC-101',
          '/services/REF-SVC-103',
          '/plans',
        ]),
      );
    } else if (r < 0.9) {
      await call(pick(['/services/REF-SVC-101/shield', '/services/REF-SVC-101/shield/rules']));
    } else {
      const rule = {
        name: `r${i}`,
        mode: 'enforce',
        action: 'drop',
        risk: 'low',
        protocol: 'udp',
        destination_port: 1000 + i,
      };
      await call('/services/REF-SVC-101/shield/rules', write('POST', rule, `r${seed}-${i}`));
    }
  }
  await listAll('/services');
  await call('/balance');
  return seen;
}

/**
 * Freezes an upstream's clock at one instant, a second past the demo's start (the scenario
 * loads in less): the same request answers the same bytes twice, and every run of a test
 * sees the same times, however loaded the machine.
 */
const frozen = (upstream: ReturnType<typeof createReferenceServer>) => {
  upstream.admin.clock.set('2026-01-01T00:00:01.000Z');
  upstream.admin.clock.freeze(true);
};

/**
 * Records a switch of `service`'s auto-renew to `enabled`, then, `days` later upstream, one
 * call: a service never listed, whose term ends between the two.
 */
function switchThenLater(
  service: string,
  enabled: boolean,
  days: number,
  [path, init]: [string, RequestInit?],
) {
  return recordSession(frozen, async (upstream, base) => {
    const seen = [
      await demoCall(base, `/services/${service}/auto-renew`, {
        method: 'PUT',
        body: JSON.stringify({ enabled }),
      }),
    ];
    upstream.admin.clock.advance(days * 86_400);
    seen.push(await demoCall(base, path, init));
    return seen;
  });
}

/** Orders a KVM S as the demo's EUR key, with the Idempotency-Key `key`. */
const orderKvmS = (base: string, key: string) =>
  demoCall(base, '/orders', keyedJson(key, { type: 'kvm', plan_code: 'kvm-s' }));

/** Asserts `drift` finds the recording faithful: every one of its `exchanges` matches. */
async function expectFaithful(file: string, exchanges: number) {
  const report = await driftReport(file);
  expect(report.differences).toEqual([]);
  expect(report.unverifiable).toEqual([]);
  expect(report.compared).toBe(exchanges);
  return report;
}

/**
 * Asserts `drift` finds no difference in the recording: the exchanges of `operations` (in
 * order) set apart, the first for a reason matching `reason`, and the others of its
 * `exchanges` matched.
 */
async function expectSetApart(
  file: string,
  exchanges: number,
  operations: readonly string[],
  reason: RegExp,
) {
  const report = await driftReport(file);
  expect(report.differences).toEqual([]);
  expect(report.unverifiable.map((u) => u.operation)).toEqual(operations);
  expect(report.unverifiable[0]?.reason).toMatch(reason);
  expect(report.matched + report.unverifiable.length).toBe(exchanges);
  return report;
}

describe('drift on a recording of the reference server itself', () => {
  it.each([
    ['frozen', true],
    ['running', false],
  ])('finds no difference in a session of all 23 operations (clock %s)', async (_, frozen) => {
    const { file, statuses } = await recordSession((upstream) => {
      if (frozen) upstream.admin.clock.freeze(true);
    });
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.unverifiable).toEqual([]);
    expect(report.first_difference).toBeNull();
    expect(report.compared).toBe(statuses.length);
    expect(Object.keys(report.operations).sort()).toEqual(
      operationList.map((op) => op.operationId).sort(),
    );
    expect(fidelityLine(report)).toBe(
      `fidelity ${statuses.length}/${statuses.length} (0 unverifiable)`,
    );
  });

  it("finds no difference in a session over which the account's time moves", async () => {
    // Months pass on the upstream between the calls, as they do while a recorder runs
    // against a real account: services renew, run short and are suspended, expire; a
    // renewal invoice is cancelled; the Shield grace period ends. Most services are first
    // seen after time changed them, so the scenario must hold them as they were before.
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/me');
      await call('/balance?display_currency=USD');
      await call('/balance?display_currency=GBP');
      await call('/services?limit=2');
      await call('/plans?display_currency=GBP');
      await call('/services/REF-SVC-1/shield');
      days(2); // 1 Feb: vm-1 renewed on 31 January
      const renewed = await call('/services/REF-SVC-1');
      expect(renewed.service).toMatchObject({ expires_at: '2026-02-28T10:00:00.000Z' });
      await call('/balance');
      await call('/orders', order('time-order-1'));
      days(20); // 21 Feb: vm-2 expired on the 10th, the grace period ended on the 20th
      await call('/services');
      await call('/services/REF-SVC-1/shield');
      days(40); // 2 April: vm-1 and vm-8 renewed on 28 Feb; vm-3 suspended on 10 March,
      // expired on the 17th; the ordered service expired on 1 March; vm-1 and vm-8 suspended
      // on 31 March; vm-5 expired on 3 February, its unpaid invoice cancelled
      await call('/services/stats');
      await call('/invoices?limit=20');
      await call('/transactions?limit=20');
      await call('/balance');
      await call('/services');
      await call('/services/REF-SVC-3/power', {
        method: 'POST',
        headers: { 'idempotency-key': 'time-power-1' },
        body: JSON.stringify({ action: 'start' }),
      });
    });
    await expectFaithful(file, statuses.length);
  });

  it.each([
    // The demo's catalog for a German account, newest first: REF-PLAN-6 (a storage box),
    // 4 (dedicated), 2 and 1 (KVM). `next` is the cursor the answer before gave.
    ['a page of the catalog', ['limit=1', 'limit=1&cursor=next']],
    [
      'a page of one type, an order of its plan refused between',
      ['type=kvm&limit=1', 'order', 'type=kvm&limit=1'],
    ],
    [
      "a page of the catalog, a page of its last plan's type showing none below",
      ['limit=1', 'limit=1&cursor=next', 'type=dedicated&limit=1&cursor=REF-PLAN-6'],
    ],
  ])('keeps a plan below the next cursor of %s that no later page followed', async (_, queries) => {
    // The last page of the catalog read said has_more: the scenario must hold a plan below
    // it that the recording never saw.
    const { file, statuses } = await recordSession(frozen, async (_, base) => {
      const seen: Array<[string, number]> = [];
      let next = '';
      for (const query of queries) {
        if (query === 'order') {
          const body = { type: 'kvm', plan_code: 'kvm-m' };
          seen.push(await demoCall(base, '/orders', keyedJson('plans-order', body)));
          continue;
        }
        const answer = await demoFetch(base, `/plans?${query.replace('=next', `=${next}`)}`);
        seen.push([query, answer.status]);
        const page = (await answer.json()) as { pagination: { next_cursor?: string } };
        next = page.pagination.next_cursor ?? '';
      }
      seen.push(await demoCall(base, '/balance'));
      return seen;
    });
    // Every page answered; the order was refused (kvm-m is out of stock in the demo).
    expect(statuses.filter(([, status]) => status !== 200)).toEqual(
      queries.includes('order') ? [['/orders', 422]] : [],
    );
    await expectFaithful(file, statuses.length);
  });

  it('rebuilds the plans an order and the renewals used when the catalog was never listed', async () => {
    // No GET /plans: the order's answer and the renewal invoices are all there is of the
    // plan. A Shield overview, which states no time in its body, follows the clock's jump past
    // the end of the grace period: its Date header places it.
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/balance');
      await call('/orders', order('time-order-2'));
      await call('/services/REF-SVC-1/shield');
      days(40); // 11 March: renewals of vm-1 and vm-8 on 28 Feb, vm-3 short on 10 March
      await call('/services/REF-SVC-1/shield');
      await call('/invoices?limit=20');
      await call('/orders');
      await call('/balance');
      await call('/services');
    });
    await expectFaithful(file, statuses.length);
    // From an upstream that sends no Date header, the overview's time is unknown: it may
    // have come before the jump or after it, so it is not compared.
    const undated = join(dir, `session-${++n}.jsonl`);
    writeFileSync(undated, withoutDateHeaders(readFileSync(file, 'utf8')));
    const blind = await driftReport(undated);
    expect(blind.differences).toEqual([]);
    expect(blind.unverifiable).toEqual([
      {
        seq: 4,
        operation: 'getShieldOverview',
        reason:
          "its answer states no time (nor a Date on the upstream's clock), and the upstream's clock jumped ahead between #2 and #5: it may have come before the jump or after it",
      },
    ]);
  });

  it('follows Shield rules across a jump of the clock: expiries, applies and a deletion', async () => {
    // Rules step on through their states every 5 s and expire after their duration; a
    // rule listing states no time in its body. Ninety minutes pass on the upstream between
    // two listings: the rule of one hour is gone, the one of two hours active, the deleted
    // one gone; three hours on, all are. The answers' Date headers place the listings.
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/services/REF-SVC-4/shield/rules', rule('one hour', 1, 'rule-1'));
      await call('/services/REF-SVC-4/shield/rules', rule('two hours', 2, 'rule-2'));
      const doomed = (await call('/services/REF-SVC-4/shield/rules', rule('doomed', 2, 'rule-3')))
        .rule as { id: string };
      await call(`/services/REF-SVC-4/shield/rules/${doomed.id}`, {
        method: 'DELETE',
        headers: { 'idempotency-key': 'rule-del' },
      });
      days(90 / 1440);
      const listed = (await call('/services/REF-SVC-4/shield/rules')).rules as Array<{
        kind: string;
        state: string;
      }>;
      expect(listed.filter((r) => r.kind === 'custom').map((r) => r.state)).toEqual(['active']);
      await call('/services/REF-SVC-4/shield');
      days(3 / 24);
      await call('/services/REF-SVC-4/shield/rules');
    });
    await expectFaithful(file, statuses.length);
  });

  it('makes the top-ups that came in while recording, and finds no difference', async () => {
    // Someone tops the balance up while the recorder runs (here the admin API; on a real
    // account, a payment): the top-up settles vm-5's unpaid renewal, billed before the
    // recording. The first balance seen already includes it.
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/services?limit=1');
      days(2); // 1 Feb: vm-1 renewed on 31 January
      await topUp(20);
      days(1);
      await call('/balance');
      const services = (await call('/services')).services as Array<Record<string, unknown>>;
      expect(services.find((s) => s.service_ref === 'REF-SVC-5')).toMatchObject({
        status: 'active',
        expires_at: '2026-02-27T00:00:00.000Z',
      });
      await call('/invoices?limit=20');
      await call('/transactions?limit=20');
      days(40);
      await topUp(5);
      await call('/balance');
      await call('/services');
      await call('/invoices?limit=20');
      await call('/transactions?limit=20');
    });
    await expectFaithful(file, statuses.length);
  });

  it('makes a top-up after a page that showed unpaid the renewal it settled, under a frozen clock', async () => {
    // The balance and a page of invoices come first; a top-up then settles vm-5's renewal,
    // all at one time. The page showed the renewal unpaid: the top-up came after it, and the
    // first balance had not counted it.
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      await call('/balance');
      await call('/invoices?limit=20');
      await topUp(20);
      await call('/balance');
      await call('/invoices?limit=20');
      await call('/transactions?limit=20');
    });
    await expectFaithful(file, statuses.length);
  });

  it('makes a top-up after a page of services that showed suspended the service whose renewal it settled, under a frozen clock', async () => {
    // The services page shows vm-5 suspended (no page of invoices before the top-up), then a
    // top-up settles its renewal at that same instant. Made at its time, the replay would list
    // vm-5 active there.
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      await call('/services?limit=20');
      await topUp(20);
      await call('/services?limit=20');
      await call('/transactions?limit=20');
      await call('/invoices?limit=20');
    });
    await expectFaithful(file, statuses.length);
  });

  it('makes a top-up after a page of active services that left out the service whose renewal it settled, under a frozen clock', async () => {
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      const active = async () =>
        (
          (await call('/services?status=active&limit=20')).services as { service_ref: string }[]
        ).map((service) => service.service_ref);
      expect(await active()).not.toContain('REF-SVC-5');
      await topUp(20);
      expect(await active()).toContain('REF-SVC-5');
      await call('/transactions?limit=20');
    });
    await expectFaithful(file, statuses.length);
  });

  it('makes a top-up after a 409 that showed suspended the service whose renewal it settled, under a frozen clock', async () => {
    // Only a refused power action shows vm-5 suspended (an error states no time: it is placed
    // by an estimate), then a top-up settles vm-5's renewal and the action goes through; vm-5
    // is listed last.
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      const power = (key: string): RequestInit => ({
        method: 'POST',
        headers: { 'idempotency-key': key },
        body: JSON.stringify({ action: 'reboot' }),
      });
      expect(await call('/services/REF-SVC-5/power', power('before'))).toMatchObject({
        error: 'service_not_active',
        status: 'suspended',
      });
      await topUp(20);
      await call('/services/REF-SVC-5/power', power('after'));
      await call('/transactions?limit=20');
      await call('/invoices?limit=20');
      await call('/services?limit=20');
    });
    expect(statuses).toEqual([409, 200, 200, 200, 200]);
    await expectFaithful(file, statuses.length);
  });

  it('takes a renewal a top-up paid at the first instant, the ledger never listed, for paid before the recording', async () => {
    // A top-up settles vm-5's renewal at the instant the recording starts (the clock frozen).
    // No answer shows the renewal unpaid and the ledger is never listed: it was paid before the
    // first exchange (the replay makes no top-up that could settle it).
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      await topUp(20);
      await call('/services?limit=20');
      await call('/invoices?limit=20');
      await call('/balance');
    });
    await expectFaithful(file, statuses.length);
  });

  it('counts back to the start a renewal a page showed unpaid and a later one paid before the first balance, under a frozen clock', async () => {
    // The page shows vm-5's renewal unpaid, a top-up settles it, then the first balance, pages
    // of invoices (it paid), services and the ledger. The balance before the recording is the
    // first one shown less the top-up, plus the renewal it paid (kept as first shown: unpaid).
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      await call('/invoices?limit=20');
      await topUp(20);
      expect(await call('/balance')).toMatchObject({ amount: 60.1 });
      await call('/invoices?limit=20');
      await call('/services?limit=20');
      await call('/transactions?limit=20');
    });
    await expectFaithful(file, statuses.length);
  });

  it('takes a listed service for suspended at the start when its renewal was first listed unpaid there, settled since', async () => {
    // The first page of invoices shows vm-5's renewal unpaid, due on 3 February; a top-up at
    // that same instant settles it, and vm-5 is first listed forty days on, a term later.
    // Its renewal was unpaid at the start: vm-5 was suspended then, its term ended when the
    // renewal was billed (27 January), not the active service of the term after it.
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/balance');
      const invoices = (await call('/invoices?limit=20')).invoices;
      expect(invoices).toContainEqual(
        expect.objectContaining({ invoice_ref: 'REF-INV-50', status: 'unpaid' }),
      );
      await topUp(20);
      days(40);
      await call('/services');
      await call('/invoices?limit=20');
      await call('/transactions?limit=20');
    });
    await expectFaithful(file, statuses.length);
  });

  it('makes a top-up after stats that counted suspended the service whose renewal it settled, under a frozen clock', async () => {
    // vm-1's renewal of 29 January is unpaid (the balance is 1): it is suspended, and the
    // stats count it so. A top-up at the same frozen instant then settles the renewal. Made
    // before the stats, the replay counted no suspended service (aged seed 613).
    const account = timeAccount(1, [
      service(1, { auto_renew: true, expires_at: '2026-01-29T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      expect((await call('/services/stats')).by_status).toEqual({ suspended: 1 });
      await topUp(20);
      await call('/services');
      await call('/transactions');
      expect((await call('/balance')).amount).toBe(9.1);
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it('makes each top-up after the order and the listing it followed, under a frozen clock', async () => {
    // The upstream's clock stands still: the orders and top-ups all carry one time. The
    // first top-up's transaction ref is above the order's (refs are minted in order); the
    // second is missing from a page of transactions that covered its ref. Made at their time,
    // both came before the first balance in the replay. (The first settles vm-5's unpaid
    // renewal, as in the test above.)
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      await call('/services');
      await call('/invoices?limit=20');
      await call('/balance');
      await call('/orders', order('frozen-top-up-1'));
      await topUp(20);
      await call('/balance');
      await call('/transactions?limit=20');
      await topUp(7);
      await call('/balance');
      await call('/transactions?limit=20');
    });
    await expectFaithful(file, statuses.length);
  });

  it('makes a top-up after a balance read that had not counted it yet, under a frozen clock', async () => {
    // Both top-ups come after the first order (their refs are above its own) and before the
    // second, at one time; the read between shows neither. Made right after the first order,
    // both came before that read in the replay.
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      await call('/services');
      await call('/invoices?limit=20');
      await call('/orders', order('read-top-up-1'));
      await call('/balance');
      await topUp(10);
      await topUp(20);
      await call('/balance');
      await call('/orders', order('read-top-up-2'));
      await call('/transactions?limit=20');
    });
    await expectFaithful(file, statuses.length);
  });

  it('makes a top-up after the first balance read when a later balance shows it came after', async () => {
    // The top-up comes right after the first balance read, at its time: nothing but the
    // money tells it from one before the read, which the rewind takes it for (taking it off
    // the balance before the recording). Six days on, the order's balance shows it came after
    // (seeds 559, 684).
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const seen = [await demoCall(base, '/balance')];
      await upstream.admin.topUp('REF-ACCT-1', 12.34);
      upstream.admin.clock.advance(6 * 86_400);
      seen.push(
        await orderKvmS(base, 'first-read-top-up'),
        await demoCall(base, '/transactions?limit=20'),
      );
      return seen;
    });
    await expectFaithful(file, statuses.length);
  });

  it('makes the top-ups a balance read counted before it, and the others after it', async () => {
    // The first read shows the first top-up come in and not the second: in ref order, the
    // top-ups that add up to what it gained came before it.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const seen = [await orderKvmS(base, 'counted-1')];
      await upstream.admin.topUp('REF-ACCT-1', 10);
      seen.push(await demoCall(base, '/balance'));
      await upstream.admin.topUp('REF-ACCT-1', 20);
      seen.push(
        await demoCall(base, '/balance'),
        await orderKvmS(base, 'counted-2'),
        await demoCall(base, '/transactions?limit=20'),
      );
      return seen;
    });
    await expectFaithful(file, statuses.length);
  });

  it('sets aside a lower balance, time having passed, when no page listed every service', async () => {
    // A new user's first session: a balance, an order, 40 days, a balance. The services
    // that renewed meanwhile were never listed: the replay cannot renew them.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const order = keyedJson('new-user', { type: 'kvm', plan_code: 'kvm-s' });
      const seen = [await demoCall(base, '/balance'), await demoCall(base, '/orders', order)];
      upstream.admin.clock.advance(40 * 86_400);
      seen.push(await demoCall(base, '/balance'));
      return seen;
    });
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.matched).toBe(statuses.length - 1);
    expect(report.unverifiable).toEqual([
      expect.objectContaining({
        seq: 3,
        operation: 'getBalance',
        reason: expect.stringMatching(
          /^it follows the balance, which showed less money upstream at #3 than the replay had after #2, time having passed: .*list every page of GET \/services/,
        ),
      }),
    ]);
  });

  it('still names an order that charged otherwise right after the balance matched', async () => {
    // No service listed, yet no time passed: an upstream that charged the order a euro more
    // than its plan's listed price is a difference, never set apart.
    const { file } = await recordSession(frozen, async (_, base) => [
      await demoCall(base, '/plans'),
      await demoCall(base, '/balance'),
      await orderKvmS(base, 'dearer'),
    ]);
    const recorded = readFileSync(file, 'utf8');
    const dearer = recorded.replace(
      /(\\"balance\\":\{\\"amount\\":)([0-9.]+)/,
      (_, field: string, amount: string) => `${field}${(Number(amount) - 1).toFixed(2)}`,
    );
    expect(dearer).not.toBe(recorded);
    writeFileSync(file, dearer);
    const report = await driftReport(file);
    expect(report.unverifiable).toEqual([]);
    expect(report.differences).toEqual([
      expect.objectContaining({ seq: 3, operation: 'createOrder', json_path: '$.balance.amount' }),
    ]);
  });

  it('sets aside what follows money no listing of the ledger showed', async () => {
    // A top-up comes in that the session never lists: the balance shows more than the replay
    // has. What follows the last balance that matched is set apart (what that money paid
    // for, the recording cannot tell), and the reason says to list the ledger after it.
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/plans');
      await call('/services');
      await call('/invoices?limit=20');
      await call('/balance');
      await topUp(30);
      days(3);
      await call('/services');
      await call('/balance');
    });
    const report = await expectSetApart(
      file,
      statuses.length,
      ['listServices', 'getBalance'],
      /showed more money upstream at #6 than the replay had after #4: .*list GET \/transactions after it/,
    );
    expect(report.matched).toBe(4);
  });

  it('sets aside what follows money a page of the ledger stopped short of, under a frozen clock', async () => {
    // A top-up comes in between two orders, all at one time; the only page of the ledger
    // lists the newest transaction, the second order's, and stops there. That page shows
    // everything made after its last record's time, not everything made at it: the top-up,
    // of that very time, lies below it. What follows the first order is set apart where it
    // differs: the second order's balance; the page itself matches.
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      await call('/plans');
      await call('/orders', order('ledger-short-1'));
      await topUp(15);
      await call('/orders', order('ledger-short-2'));
      const page = await call('/transactions?limit=1');
      expect(page.pagination).toMatchObject({ has_more: true });
    });
    await expectSetApart(
      file,
      statuses.length,
      ['createOrder'],
      /showed more money upstream at #3 than the replay had after #2: .*list GET \/transactions after it/,
    );
  });

  it('sets apart what follows a renewal the replay could not pay while the balance was unknown', async () => {
    // The first balance the session shows is an order's, and neither the order's charge nor
    // the catalog was listed: the rewind has nothing to add back for it, and the replay's
    // balance before the order is short of it. The upstream paid vm-3's renewal on 10 March
    // with what it had then; the replay, short of that charge, could not, and vm-3 expired
    // a week on. A top-up after it paid for the order. The ledger listed after it shows every
    // top-up, yet the renewal is no proof: what follows it is set apart.
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/services');
      days(40);
      await call('/invoices?limit=20');
      days(7);
      await topUp(30);
      await call('/transactions?limit=100');
      await call('/services');
      const placed = await call('/orders', order('unknown-charge'));
      expect(placed.balance).toEqual({ amount: 22.5, currency: 'EUR' });
    });
    await expectSetApart(
      file,
      statuses.length,
      ['listInvoices', 'listTransactions', 'listServices'],
      /follows a renewal the replay could not pay \(REF-SVC-3, .*the balance before the order that created REF-SVC-9 \(#5\) is unknown/,
    );
  });

  it('sets apart what follows a top-up the replay settled a renewal with, older invoices never listed', async () => {
    // An older renewal invoice of vm-4 is unpaid, and the session lists only the newest
    // invoice: upstream the 20 EUR top-up stops at that invoice, and vm-5's renewal stays
    // unpaid; the replay, which never saw it, settles vm-5's. What follows is set apart.
    const blocked = withOlderUnpaidInvoice();
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/invoices?limit=1');
      days(1 / 24);
      await topUp(20);
      expect((await call('/balance')).amount).toBe(72);
      await call('/services');
      await call('/transactions?limit=5');
    }, blocked);
    await expectSetApart(
      file,
      statuses.length,
      ['getBalance', 'listServices', 'listTransactions'],
      /follows a top-up that settled REF-INV-50 in the replay: .*list every page of GET \/invoices/,
    );
  });

  it('makes the top-up a settlement came with after a page that showed the renewal unpaid, though later ones share its instant', async () => {
    // An older unpaid invoice of vm-4 holds back the first top-up; the second covers it and
    // settles vm-5's renewal, then a third comes in,
    // all at one instant. A page between the first two showed the renewal unpaid: the ledger
    // places the settlement after the second, so that one came after the page. Taken for the
    // third (the last of the instant), the replay settled the renewal before it (seed 6527).
    const blocked = withOlderUnpaidInvoice();
    const { file, statuses } = await recordTimeSession(async (call, _days, topUp) => {
      await call('/invoices?limit=100');
      await topUp(20);
      const page = (await call('/invoices?limit=100')).invoices as Record<string, unknown>[];
      expect(page.find((invoice) => invoice.invoice_ref === 'REF-INV-50')?.status).toBe('unpaid');
      await topUp(40);
      await topUp(5);
      await call('/transactions?limit=20');
      await call('/invoices?limit=100');
      expect((await call('/balance')).amount).toBe(105.1);
    }, blocked);
    await expectFaithful(file, statuses.length);
  });

  it('sets apart what follows a renewal the replay paid before the first balance, money it never saw come in after it', async () => {
    // The balance (5 EUR) cannot pay vm-1's renewal on 31 January: upstream it stays unpaid
    // until a top-up the session never lists settles it. The first balance read comes after
    // that top-up, so the balance before it is rewound from it, and the replay, richer by the
    // unseen top-up, pays the renewal when billed. What follows it is set apart where it
    // differs: the invoice, paid later upstream. The balance, after both, matches.
    const poor = timeAccount(5, [
      service(1, { auto_renew: true, expires_at: '2026-01-31T10:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/services');
      days(2);
      await topUp(100);
      const invoices = await call('/invoices?limit=1');
      expect(invoices.invoices).toEqual([
        expect.objectContaining({ service_ref: 'REF-SVC-1', status: 'paid' }),
      ]);
      await call('/balance');
    }, poor);
    await expectSetApart(
      file,
      statuses.length,
      ['listInvoices'],
      /follows renewals the replay paid before the first answer that showed the balance \(#3\), the first REF-SVC-1's.*list GET \/transactions after #3/,
    );
  });

  it('numbers the orders as the upstream did when an answer shows only a later one', async () => {
    // An order's answer does not show its own ref; the one page of the ledger shows only the
    // second order's (`Order REF-ORD-…: …`). The first order minted the ref before it.
    const { file, statuses } = await recordTimeSession(async (call) => {
      await call('/plans');
      await call('/orders', order('numbered-1'));
      await call('/orders', order('numbered-2'));
      await call('/transactions?limit=1');
    });
    await expectFaithful(file, statuses.length);
  });

  it('counts a listed service whose term ended unrenewed before the first stats as expired there', async () => {
    // vm-8's term ends on 10 February, auto-renew off: it expires. The stats of 19 February
    // count it expired, with vm-6 (expired) and vm-7 (cancelled), neither ever listed. The
    // placeholders for those two are one expired and one cancelled, as counted, not two
    // expired: vm-8 is not counted active there.
    const ended = timeAccount(100, [
      service(6, { auto_renew: false, status: 'expired', expires_at: '2026-01-10T00:00:00Z' }),
      service(7, { auto_renew: false, status: 'cancelled', expires_at: '2026-01-10T00:00:00Z' }),
      service(8, { auto_renew: false, expires_at: '2026-02-10T00:00:00Z' }),
      service(9, { auto_renew: true, expires_at: '2026-06-10T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/plans');
      await call('/balance');
      await call('/services?status=active&limit=100');
      days(20);
      const stats = await call('/services/stats');
      expect(stats.by_status).toEqual({ active: 1, expired: 2, cancelled: 1 });
    }, ended);
    await expectFaithful(file, statuses.length);
  });

  it('ends a service only a write showed when a later page of active services leaves it out', async () => {
    // vm-6 is never listed: the auto-renew switch of 30 January shows only that it was
    // active then. Its term ends on 10 February, auto-renew off, and the page of active
    // services of 19 February leaves it out. The replay ends its term just before that page
    // (the moment it ended the recording cannot tell), so the page matches.
    const account = timeAccount(100, [
      service(6, { auto_renew: false, expires_at: '2026-02-10T00:00:00Z' }),
      service(9, { auto_renew: false, expires_at: '2026-06-10T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      const body = JSON.stringify({ enabled: false });
      await call('/services/REF-SVC-6/auto-renew', { method: 'PUT', body });
      days(20);
      const page = await call('/services?status=active');
      expect(page.services).toEqual([expect.objectContaining({ service_ref: 'REF-SVC-9' })]);
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it('takes a HEAD for a read, not for a sign that a service was alive', async () => {
    // vm-6's term ends on 10 February, auto-renew off: it expires. A HEAD of it on
    // 19 February answers 200 as a GET of an expired service does; only a write that went
    // through shows a service was alive.
    const account = timeAccount(100, [
      service(6, { auto_renew: false, expires_at: '2026-02-10T00:00:00Z' }),
      service(9, { auto_renew: false, expires_at: '2026-06-10T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/services?limit=100');
      days(20);
      await call('/services/REF-SVC-6', { method: 'HEAD' });
      const page = await call('/services?status=active');
      expect(page.services).toEqual([expect.objectContaining({ service_ref: 'REF-SVC-9' })]);
    }, account);
    expect(statuses).toEqual([200, 200, 200]);
    await expectFaithful(file, statuses.length);
  });

  it('takes a renewal only the ledger showed, paid days after its term ended, for one billed there and settled by a top-up', async () => {
    // vm-1's term ended on 31 January with auto-renew on, and the balance (1 EUR) could not
    // pay its renewal: it was suspended when the recording starts on 1 February. A top-up
    // settles that renewal a day later, and the term runs on from 31 January to 28 February
    // (its day, the 31st, clamped). No page of invoices shows the renewal, the ledger only
    // its payment, on 2 February. Taken for billed then, the replay renewed it to 2 March.
    const account = timeAccount(1, [
      service(1, { auto_renew: true, expires_at: '2026-01-31T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      days(2);
      expect((await call('/balance')).amount).toBe(1);
      days(1);
      await topUp(20);
      const { services } = await call('/services');
      expect(services).toEqual([
        expect.objectContaining({ status: 'active', expires_at: '2026-02-28T00:00:00.000Z' }),
      ]);
      await call('/transactions');
      expect((await call('/balance')).amount).toBe(9.1);
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it('takes a renewal only the ledger showed, paid days after its term ended, for one billed there though the service renewed again before its first view', async () => {
    // As above, but vm-1 renews twice more, on time, before any page shows it: its renewal of
    // 5 February was paid on the 7th, and the terms after run from the 5th of each month.
    // Taken for billed at its payment, the replay renewed it on the 7th (aged seed 11308).
    const account = timeAccount(1, [
      service(1, { auto_renew: true, expires_at: '2026-02-05T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      days(7);
      expect((await call('/balance')).amount).toBe(1);
      days(1);
      await topUp(40);
      days(60);
      const { services } = await call('/services');
      expect(services).toEqual([
        expect.objectContaining({ status: 'active', expires_at: '2026-05-05T00:00:00.000Z' }),
      ]);
      await call('/transactions');
      expect((await call('/balance')).amount).toBe(5.3);
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it("takes the VAT rate from the ledger's renewals when nothing else shows it", async () => {
    // vm-1 renews on 5 February: the ledger shows its charge, 11.90 with 1.90 VAT. No
    // catalog, invoice or order shows the rate: taken for 0, the replay renewed it on
    // 5 March for 10.00 and showed the balance 1.90 too high.
    const account = timeAccount(30, [
      service(1, { auto_renew: true, expires_at: '2026-02-05T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/services');
      expect((await call('/balance')).amount).toBe(30);
      days(7);
      await call('/transactions');
      days(30);
      expect((await call('/balance')).amount).toBe(6.2);
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it('takes a renewal only the ledger showed, of a service a page showed suspended past its term at its instant, for one billed at that end', async () => {
    // As above, vm-1's renewal of 31 January was left unpaid. On 2 February a page of services
    // shows vm-1 suspended, its term ended on 31 January; a top-up then settles the renewal at
    // that same instant (a frozen clock). No page of invoices shows the renewal: taken for
    // billed at its payment, the replay listed vm-1 active, renewed to 2 March (aged seed 9339).
    const account = timeAccount(1, [
      service(1, { auto_renew: true, expires_at: '2026-01-31T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      days(1);
      expect((await call('/services')).services).toEqual([
        expect.objectContaining({ status: 'suspended', expires_at: '2026-01-31T00:00:00Z' }),
      ]);
      await topUp(20);
      await call('/services');
      await call('/transactions');
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it('sets apart what follows a renewal no answer listed that may have begun the term a service was first shown in', async () => {
    // vm-1 renews on 5 February (11.90 EUR); the session lists no invoice and first shows
    // vm-1 after it, its term ending on 5 March. Whether its term at the start was a month
    // (renewed unlisted) or longer, the recording cannot tell: rebuilt in the term shown, the
    // replay never renewed it, and reported the balance 11.90 higher.
    const account = timeAccount(50, [
      service(1, { auto_renew: true, expires_at: '2026-02-05T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/balance');
      days(10);
      expect((await call('/services')).services).toEqual([
        expect.objectContaining({ status: 'active', expires_at: '2026-03-05T00:00:00.000Z' }),
      ]);
      expect((await call('/balance')).amount).toBe(38.1);
    }, account);
    await expectSetApart(
      file,
      statuses.length,
      ['getBalance'],
      /^it follows REF-SVC-1's renewal time at 2026-02-05T00:00:00.000Z: first shown active in the term such a renewal would have begun, with none of its renewals listed.*list every page of GET \/invoices/,
    );
  });

  it('counts a service suspended past its term at the start as suspended in the stats, settling a guess by them', async () => {
    // On 1 February, vm-1 is suspended by the renewal of 31 January the balance (1 EUR) could
    // not pay, and vm-2 active, its term ending on 5 February with auto-renew on but its
    // plan no longer sold. Both are first listed expired, ten days later. A switch of vm-1's
    // auto-renew went through before: it was suspended, and expired on 7 February. vm-2 may
    // have been suspended at the start, or active: the stats settle it, active. They counted
    // vm-1 suspended; taken for expired at their time (at its term's end, as without a
    // renewal billed there), vm-2 stayed suspended.
    const account = timeAccount(1, [
      service(1, { auto_renew: true, expires_at: '2026-01-31T00:00:00Z' }),
      service(2, {
        auto_renew: true,
        service_plan_name: 'KVM Old',
        expires_at: '2026-02-05T00:00:00Z',
      }),
      service(3, { auto_renew: false, status: 'expired', expires_at: '2026-01-10T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      days(2);
      const stats = await call('/services/stats');
      expect(stats.by_status).toEqual({ active: 1, suspended: 1, expired: 1 });
      const body = JSON.stringify({ enabled: false });
      await call('/services/REF-SVC-1/auto-renew', { method: 'PUT', body });
      days(10);
      const { services } = await call('/services');
      expect(services).toEqual([
        expect.objectContaining({ status: 'expired' }),
        expect.objectContaining({ status: 'expired' }),
        expect.objectContaining({ status: 'expired' }),
      ]);
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it('leaves out of the balance before the first one shown a renewal settled at its instant by a top-up that came after it', async () => {
    // Under a frozen clock, on 1 February: the balance shows 5 EUR, an order takes 1.19, then
    // a top-up of 20 EUR settles vm-1's renewal of 31 January (11.90), all at one time. The
    // top-up came after the order (its ledger ref is above the order's), so after the
    // balance: the renewal was paid after it too. Counted before it, the balance before the
    // recording was 16.90.
    const account = timeAccount(5, [
      service(1, { auto_renew: true, expires_at: '2026-01-31T00:00:00Z' }),
    ]);
    const kvmT = TIME_SCENARIO.plans[0] as (typeof TIME_SCENARIO.plans)[number];
    account.plans.push({
      ...kvmT,
      plan_ref: 'REF-PLAN-8',
      name: 'KVM U',
      code: 'kvm-u',
      price_eur: 1,
    });
    const cheap: RequestInit = {
      method: 'POST',
      headers: { 'idempotency-key': 'cheap' },
      body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-u' }),
    };
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      days(2);
      expect((await call('/balance')).amount).toBe(5);
      await call('/orders', cheap);
      await topUp(20);
      await call('/transactions');
      const { invoices } = await call('/invoices');
      expect(invoices).toContainEqual(
        expect.objectContaining({ kind: 'service_renewal', status: 'paid' }),
      );
      await call('/services');
      expect((await call('/balance')).amount).toBe(11.91);
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it("makes a top-up of the first balance read's instant come after it, where the ledger shows it settled no renewal", async () => {
    // vm-1 is shown suspended on 1 February (its renewal unpaid, of a price the recording
    // never shows) and expires on 7 February. On 9 February, under a frozen clock, the balance
    // shows 1 EUR, an order is refused, 15 EUR come in, and the same order goes through.
    // Counted before the balance read, the top-up left the balance before the recording at
    // -14 EUR: it came after. It might have settled a renewal, taking money at once, but the
    // ledger, listed later from its first record, shows no renewal paid then.
    const account = timeAccount(1, [
      service(1, { auto_renew: true, expires_at: '2026-01-31T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      days(2);
      const { services } = await call('/services');
      expect(services).toEqual([expect.objectContaining({ status: 'suspended' })]);
      days(8);
      expect((await call('/balance')).amount).toBe(1);
      expect(await call('/orders', order('o-1'))).toEqual({ error: 'insufficient_balance' });
      await topUp(15);
      expect(await call('/orders', order('o-2'))).toHaveProperty('service_ref');
      days(1);
      await call('/transactions');
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it("makes a top-up of the first balance read's instant come after it where the renewals the ledger shows paid would take the balance below zero", async () => {
    // Under a frozen clock, the balance shows 20 EUR and 5 EUR come in, at one time. vm-1
    // renews on 10 February and 10 March (11.90 each), and the ledger listed after shows
    // both paid: 23.80, more than 20. So the 5 EUR came after the read. Counted before it,
    // the balance before the recording was 15, and the replay could not pay the second.
    const account = timeAccount(20, [
      service(1, { auto_renew: true, expires_at: '2026-02-10T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/plans');
      expect((await call('/balance')).amount).toBe(20);
      await topUp(5);
      days(40);
      const { transactions } = await call('/transactions');
      expect(transactions).toEqual([
        expect.objectContaining({ kind: 'service_renewal', amount: -11.9 }),
        expect.objectContaining({ kind: 'service_renewal', amount: -11.9 }),
        expect.objectContaining({ kind: 'top_up', amount: 5 }),
      ]);
      await call('/services');
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it('sets apart an order refused for want of balance before the first balance shown, rewound from it across renewals with no ledger listed', async () => {
    // The balance is first shown on 12 February (5 EUR), after vm-1's renewal of 10 February
    // (11.90, listed paid later): rewound from it, it was 16.90 before. But 15 EUR came in on
    // 5 February that no answer showed, so the order of 1 February was refused upstream for
    // want of balance, where the replay, with 16.90, takes it. What follows is set apart.
    const account = timeAccount(1.9, [
      service(1, { auto_renew: true, expires_at: '2026-02-10T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/plans');
      await call('/services');
      days(2);
      expect(await call('/orders', order('o-1'))).toEqual({ error: 'insufficient_balance' });
      days(4);
      await topUp(15);
      days(7);
      expect((await call('/balance')).amount).toBe(5);
      await call('/invoices');
    }, account);
    await expectSetApart(
      file,
      statuses.length,
      ['createOrder', 'listInvoices'],
      /before the first answer that showed it \(#4\)/,
    );
  });

  it('sets apart a catalog page whose stock follows an order set apart', async () => {
    // KVM T has one left. The order of 1 February is refused upstream for want of balance
    // (15 EUR came in unlisted later; see the test before), and the replay, its balance
    // rewound higher, takes it: that order is set apart, and so is the page of plans after
    // it, where the upstream still showed KVM T in stock and the replay had sold the last.
    const account = timeAccount(1.9, [
      service(1, { auto_renew: true, expires_at: '2026-02-10T00:00:00Z' }),
    ]);
    Object.assign(account.plans[0] as object, { stock: 1 });
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/plans');
      await call('/services');
      days(2);
      expect(await call('/orders', order('o-1'))).toEqual({ error: 'insufficient_balance' });
      days(4);
      await topUp(15);
      days(7);
      expect((await call('/balance')).amount).toBe(5);
      await call('/invoices');
      await call('/plans');
      await topUp(20);
      expect(await call('/orders', order('o-2'))).toHaveProperty('service_ref');
      const { plans } = await call('/plans');
      expect(plans).toEqual([expect.objectContaining({ in_stock: false })]);
    }, account);
    const report = await expectSetApart(
      file,
      statuses.length,
      ['createOrder', 'listInvoices', 'listPlans', 'createOrder'],
      /before the first answer that showed it \(#4\)/,
    );
    expect(report.operations.listPlans).toEqual({ matched: 2, compared: 2, unverifiable: 1 });
  });

  it("gives the services only the stats counted the statuses the replay's renewals leave them", async () => {
    // vm-8's term ends on 15 February with auto-renew on, and the balance (1 EUR) cannot pay
    // its renewal: it is suspended (for seven days). The stats of 19 February count it
    // suspended, and vm-6 active, never shown. No answer shows vm-8's renewal, so the
    // scenario takes it for renewed, and the placeholder for vm-6 for the suspended one the
    // stats counted. The replay suspends vm-8 too: its stats count two suspended and none
    // active until the placeholder takes the status the replay left over, active.
    const short = timeAccount(1, [
      service(6, { auto_renew: false, expires_at: '2026-06-10T00:00:00Z' }),
      service(8, { auto_renew: true, expires_at: '2026-02-15T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/plans');
      await call('/balance');
      await call('/services/REF-SVC-8');
      days(20);
      const stats = await call('/services/stats');
      expect(stats.by_status).toEqual({ active: 1, suspended: 1 });
      await call('/transactions');
    }, short);
    await expectFaithful(file, statuses.length);
  });

  it("makes the last top-ups at the first balance read's instant come after it where the balance before them would be below zero", async () => {
    // Under a frozen clock, two top-ups and the first balance read share one time: 15 EUR
    // before the read, 60 after it. Counting both before it, the rewind put the balance
    // before the recording at -8 EUR, and the replay could not pay vm-1's renewal of 31
    // January, which the upstream paid. Before the top-ups of that instant the balance was
    // the read's less them: never below zero, so the 60 EUR came after the read.
    const account = timeAccount(52, [
      service(1, { auto_renew: true, expires_at: '2026-01-31T10:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/plans');
      await call('/services');
      days(2);
      await topUp(15);
      expect((await call('/balance')).amount).toBe(55.1);
      await topUp(60);
      await call('/transactions?limit=5');
      await call('/services/REF-SVC-1');
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it('keeps a service suspended past its term suspended until it expires, its renewal invoice never listed', async () => {
    // vm-5 was suspended on 27 January by a renewal it could not pay; the session never lists
    // invoices. Only that unpaid renewal keeps it suspended past its term's end: the replay
    // shows it suspended, then expired on 3 February, as the upstream did. The placeholder
    // takes the ref below the one vm-1's renewal minted (the ledger's link shows it), so the
    // scenario's invoices go on from where the upstream's did.
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      const services = await call('/services');
      expect(services.services).toContainEqual(
        expect.objectContaining({ service_ref: 'REF-SVC-5', status: 'suspended' }),
      );
      await call('/plans');
      await call('/balance');
      days(10);
      await call('/services');
      const ledger = await call('/transactions?limit=1');
      expect(ledger.transactions).toEqual([
        expect.objectContaining({ kind: 'service_renewal', invoice_ref: 'REF-INV-51' }),
      ]);
    });
    await expectFaithful(file, statuses.length);
    const { scenario } = await scenarioFromRecording(file);
    const [account] = scenario.accounts ?? [];
    // A scenario's services may hold more than the spec's fields (the server's own records).
    const vm5 = account?.services?.find((service) => service.service_ref === 'REF-SVC-5') as
      | { renewal_invoice_ref?: string }
      | undefined;
    expect(vm5?.renewal_invoice_ref).toBe('REF-INV-50');
    expect(account?.invoices).toContainEqual(
      expect.objectContaining({
        invoice_ref: vm5?.renewal_invoice_ref,
        status: 'unpaid',
        amount: 11.9,
        issue_date: '2026-01-27T00:00:00Z',
        due_date: '2026-02-03T00:00:00.000Z',
      }),
    );
  });

  it('takes a service only its renewal named, unpaid at the start and cancelled since, for suspended until then', async () => {
    // The session never lists services: vm-5 is known only by its renewal invoice, shown
    // cancelled on 9 February. Time cancels an unpaid renewal only when it expires the service
    // that renewal suspended, on the due date: vm-5 was suspended at the start, its term ended
    // when the renewal was billed, and the replay's clock cancels it on 3 February too.
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/balance');
      days(10);
      const invoices = await call('/invoices?limit=1&cursor=REF-INV-51');
      expect(invoices.invoices).toEqual([
        expect.objectContaining({ invoice_ref: 'REF-INV-50', status: 'cancelled' }),
      ]);
    });
    await expectFaithful(file, statuses.length);
    const { scenario } = await scenarioFromRecording(file);
    expect(scenario.accounts?.[0]?.services).toContainEqual(
      expect.objectContaining({
        service_ref: 'REF-SVC-5',
        status: 'suspended',
        expires_at: '2026-01-27T00:00:00.000Z',
        renewal_invoice_ref: 'REF-INV-50',
      }),
    );
  });

  it('takes a service a 409 showed suspended past its term, first listed expired, for suspended then', async () => {
    // vm-5's power action is refused while it is suspended by its unpaid renewal; the first
    // page that lists it comes after it expired on 3 February. It was suspended at the start.
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/balance');
      const refused = await call('/services/REF-SVC-5/power', {
        method: 'POST',
        headers: { 'idempotency-key': 'suspended-power' },
        body: JSON.stringify({ action: 'start' }),
      });
      expect(refused).toEqual({ error: 'service_not_active', status: 'suspended' });
      days(10);
      await call('/services');
    });
    await expectFaithful(file, statuses.length);
  });

  it("prices an unlisted renewal placeholder as the service's last renewal the ledger showed", async () => {
    // vm-5 renewed on 27 December for 13.09 (the ledger shows it); the session never lists
    // invoices. The placeholder of its unpaid renewal costs what that one did, not the
    // plan's listed price.
    const account = TIME_SCENARIO.accounts[0] as (typeof TIME_SCENARIO.accounts)[number];
    const renewed = {
      ...TIME_SCENARIO,
      accounts: [
        {
          ...account,
          invoices: [
            ...account.invoices,
            {
              invoice_ref: 'REF-INV-40',
              kind: 'service_renewal',
              transaction_kind: 'debit',
              amount: 13.09,
              fee: 0,
              penalty: 0,
              vat_amount: 2.09,
              vat_rate: 0.19,
              currency: 'EUR',
              status: 'paid',
              issue_date: '2025-12-27T00:00:00.000Z',
              paid_at: '2025-12-27T00:00:00.000Z',
              description: 'Renewal of vm-5: KVM T (monthly)',
              customer_payable: false,
              service_ref: 'REF-SVC-5',
            },
          ],
          transactions: [
            {
              transaction_ref: 'REF-TXN-40',
              kind: 'service_renewal',
              currency: 'EUR',
              status: 'completed',
              method: 'balance',
              description: 'Renewal of vm-5: KVM T (monthly)',
              service_order: false,
              created_at: '2025-12-27T00:00:00.000Z',
              invoice_ref: 'REF-INV-40',
              service_ref: 'REF-SVC-5',
              amount: -13.09,
              fee: 0,
              penalty: 0,
              vat_amount: 2.09,
            },
          ],
        },
      ],
    };
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/services');
      await call('/transactions?limit=100');
      await call('/plans');
      await call('/balance');
      days(10);
      await call('/services');
    }, renewed);
    await expectFaithful(file, statuses.length);
    const { scenario } = await scenarioFromRecording(file);
    const vm5 = scenario.accounts?.[0]?.services?.find((s) => s.service_ref === 'REF-SVC-5') as
      | { renewal_invoice_ref?: string }
      | undefined;
    expect(scenario.accounts?.[0]?.invoices).toContainEqual(
      expect.objectContaining({
        invoice_ref: vm5?.renewal_invoice_ref,
        status: 'unpaid',
        amount: 13.09,
        vat_amount: 2.09,
      }),
    );
  });

  it('takes a service first listed expired a week after its term for suspended at the start when the stats say so', async () => {
    // vm-5 is first listed after it expired on 3 February, its term having ended on 27
    // January: it may have ended then or been suspended until the 3rd. The stats at the
    // start counted one suspended service: it was.
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      const stats = await call('/services/stats');
      expect(stats.by_status).toMatchObject({ suspended: 1 });
      await call('/balance');
      days(10);
      await call('/services');
    });
    await expectFaithful(file, statuses.length);
  });

  it('settles two guesses of the start statuses by the stats in two steps', async () => {
    // First listed on 9 February: vm-9, whose plan is no longer sold, expired at its term's
    // end (5 February), taken for one that could not renew (suspended at the start), and
    // vm-5 expired a week after its term, taken for ended. The stats at the start counted
    // one suspended service and one more active: vm-9 was active and vm-5 suspended, which
    // neither move alone gives.
    const [account] = TIME_SCENARIO.accounts;
    const unsold = service(9, {
      service_plan_name: 'KVM X',
      auto_renew: true,
      expires_at: '2026-02-05T00:00:00Z',
    });
    const scenario = {
      ...TIME_SCENARIO,
      accounts: [{ ...account, services: [...(account?.services ?? []), unsold] }],
    };
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      const stats = await call('/services/stats');
      expect(stats.by_status).toMatchObject({ active: 6, suspended: 1 });
      await call('/balance');
      days(10);
      const { services } = await call('/services');
      expect(services).toEqual(
        expect.arrayContaining(
          ['REF-SVC-9', 'REF-SVC-5'].map((ref) =>
            expect.objectContaining({ service_ref: ref, status: 'expired' }),
          ),
        ),
      );
    }, scenario);
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.compared + report.unverifiable.length).toBe(statuses.length);
    expect(report.unverifiable.map(({ seq }) => seq)).not.toContain(1);
    const { notes } = await scenarioFromRecording(file);
    expect(notes).toContain(
      'the status at the start the recording left open follows GET /services/stats for REF-SVC-9 active, REF-SVC-5 suspended',
    );
  });

  it('places the answers before the first stated time by their Date once it shows the upstream clock', async () => {
    // The Shield overview of vm-2 and an order state no time; the upstream's clock moves 41
    // days between them: vm-2 ends on 10 February, and renewals take the balance below KVM
    // T's price by 12 March. The catalog after them states the time, and its `Date` agrees:
    // the overview's `Date` tells it came on 30 January, the order's that it came on 12
    // March. The account is rebuilt as it was on 30 January, and the replay answers each
    // where the upstream did: the overview 200, the order 422.
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      expect((await call('/services/REF-SVC-2/shield')).entitlement).toBeDefined();
      days(41);
      expect(await call('/orders', order('short'))).toEqual({ error: 'insufficient_balance' });
      await call('/plans');
    });
    await expectFaithful(file, statuses.length);
    const { scenario } = await scenarioFromRecording(file);
    expect(scenario.now).toBe('2026-01-30T00:00:00.000Z');
    // An upstream whose `Date` is the host's clock, not its own, tells nothing of it: the
    // start is estimated back from the first stated time.
    const hostDated = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const exchange = JSON.parse(line) as {
          time: string;
          response: { headers: Record<string, string> };
        };
        exchange.response.headers.date = new Date(exchange.time).toUTCString();
        return JSON.stringify(exchange);
      });
    const hostFile = `${file}.host-dated.jsonl`;
    writeFileSync(hostFile, `${hostDated.join('\n')}\n`);
    const { scenario: estimated } = await scenarioFromRecording(hostFile);
    expect(Date.parse('2026-03-12T00:00:00Z') - Date.parse(estimated.now as string)).toBeLessThan(
      1000,
    );
  });

  it('rebuilds a plan only ever refused for want of balance as one no balance pays', async () => {
    // Renewals take the balance below KVM T's price by 12 March; the session never lists
    // the catalog. The refusals prove the plan is for sale, not its price: the replay
    // refuses the orders for want of balance too, not for a plan it does not sell.
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/balance');
      days(41);
      for (const key of ['short-1', 'short-2']) {
        expect(await call('/orders', order(key))).toEqual({ error: 'insufficient_balance' });
      }
    });
    await expectFaithful(file, statuses.length);
    const { scenario } = await scenarioFromRecording(file);
    expect(scenario.plans).toEqual([
      expect.objectContaining({ code: 'kvm-t', service_type: 'kvm', price_eur: 1_000_000_000 }),
    ]);
  });

  it('takes a Shield overview answered 200 for proof its service was active then', async () => {
    // The overview states no time and comes before any answer that does. Four orders take
    // the balance: vm-1 cannot renew on 31 January and is first listed expired. It was
    // active at the start all the same, as the overview showed.
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      const overview = await call('/services/REF-SVC-1/shield');
      expect(overview.entitlement).toBeDefined();
      await call('/balance');
      for (let i = 1; i <= 4; i++) await call('/orders', order(`drain-${i}`));
      days(11);
      const services = await call('/services');
      expect(services.services).toContainEqual(
        expect.objectContaining({ service_ref: 'REF-SVC-1', status: 'expired' }),
      );
    });
    await expectFaithful(file, statuses.length);
  });

  it('sets aside what follows a renewal the replay could not pay, the money that paid it unseen', async () => {
    // A top-up on 9 February the session never lists: the upstream renews vm-1 on 31 March
    // with it; the replay, without it, cannot and suspends it. No balance read shows the
    // gap: the services page after it is set apart, with the renewal and the way to verify
    // it, not a difference.
    const { file, statuses } = await recordTimeSession(async (call, days, topUp) => {
      await call('/services');
      await call('/invoices?limit=20');
      await call('/plans');
      await call('/balance');
      days(10);
      await topUp(10);
      days(52);
      const services = await call('/services');
      expect(services.services).toContainEqual(
        expect.objectContaining({ service_ref: 'REF-SVC-1', status: 'active' }),
      );
    });
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.matched).toBe(4);
    expect(report.unverifiable).toEqual([
      expect.objectContaining({
        seq: 5,
        operation: 'listServices',
        reason: expect.stringMatching(
          /^it follows a renewal the replay could not pay \(REF-SVC-1, due 2026-03-31T10:00:00\.000Z\) after #4: .*list GET \/transactions after it/,
        ),
      }),
    ]);
    expect(report.matched + report.unverifiable.length).toBe(statuses.length);
  });

  it('still names a renewal the upstream made without the money, the ledger listed after it', async () => {
    // The same months without the top-up, the ledger listed after them: the replay knows all
    // the money there was. An upstream that shows vm-1 renewed all the same is a difference.
    const { file } = await recordTimeSession(async (call, days) => {
      await call('/services');
      await call('/invoices?limit=20');
      await call('/plans');
      await call('/balance');
      days(62);
      await call('/services');
      await call('/transactions?limit=100');
    });
    const recorded = readFileSync(file, 'utf8').split('\n');
    const page = recorded[4] as string;
    const renewed = page.replace(
      /(\\"service_ref\\":\\"REF-SVC-1\\"[^}]*?\\"status\\":\\")suspended/,
      '$1active',
    );
    expect(renewed).not.toBe(page);
    recorded[4] = renewed;
    writeFileSync(file, recorded.join('\n'));
    const report = await driftReport(file);
    expect(report.unverifiable).toEqual([]);
    expect(report.differences).toEqual([
      expect.objectContaining({ seq: 5, operation: 'listServices', recorded: 'active' }),
    ]);
  });

  it('sets aside what follows renewals of services the session never listed', async () => {
    // The demo's EUR account has hundreds of generated services; the session lists two pages.
    // Forty-five days on, some it never saw have renewed: the balance and the ledger follow
    // them, and the recording cannot tell their terms. Those answers are unverifiable, with
    // the reason; nothing is a difference.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const first = await runFullSession(base, KEY);
      upstream.admin.clock.advance(45 * 86_400);
      return [...first, ...(await runFullSession(base, KEY))];
    });
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.unverifiable.length).toBeGreaterThan(0);
    for (const { operation, reason } of report.unverifiable) {
      expect(['getBalance', 'listInvoices', 'listTransactions', 'getServiceStats']).toContain(
        operation,
      );
      expect(reason).toMatch(
        /^it follows renewals of services the recording never showed \(REF-SVC-[0-9A-F]+, renewed by REF-INV-[0-9A-F]+ at 2026-/,
      );
    }
    expect(report.compared + report.unverifiable.length).toBe(statuses.length);
  });

  it('replays writes to services it never listed, through the write rate limit', async () => {
    // Only writes: auto-renew switched 125 times and a power action on services no answer
    // listed (their 2xx answers prove them), the last five refused 429 by the write limit of
    // 120 a minute, then a new minute.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const seen: Array<[string, number]> = [];
      const write = async (path: string, body: unknown, key?: string) => {
        const response = await sessionFetch(`${base}${path}`, {
          method: path.endsWith('/power') ? 'POST' : 'PUT',
          body: JSON.stringify(body),
          headers: {
            authorization: `Bearer ${KEY}`,
            'content-type': 'application/json',
            ...(key === undefined ? {} : { 'idempotency-key': key }),
          },
        });
        await response.text();
        seen.push([path, response.status]);
      };
      await write('/services/REF-SVC-101/power', { action: 'reboot' }, 'writes-power-1');
      for (let i = 0; i < 124; i++) {
        await write('/services/REF-SVC-302/auto-renew', { enabled: i % 2 === 0 });
      }
      upstream.admin.clock.advance(61);
      await write('/services/REF-SVC-302/auto-renew', { enabled: true });
      return seen;
    });
    expect(statuses.filter(([, status]) => status === 429)).toHaveLength(5);
    await expectFaithful(file, statuses.length);
  });

  /**
   * Records one order of kvm-s on the frozen demo, the reads of `before` and `after` around
   * it (paths, `/orders` listing the ledger); resolves to the file and the answers' statuses.
   */
  const orderSession = (before: string[], after: string[]) =>
    recordSession(frozen, async (_, base) => {
      const seen: Array<[string, number]> = [];
      const call = async (path: string, init: RequestInit = {}) => {
        const response = await sessionFetch(`${base}${path}`, {
          ...init,
          headers: {
            authorization: `Bearer ${KEY}`,
            'content-type': 'application/json',
            'idempotency-key': 'one-order',
          },
        });
        const body = await response.json();
        seen.push([path, response.status]);
        return body as { service?: { name: string } };
      };
      for (const path of before) await call(path);
      const order = await call('/orders', {
        method: 'POST',
        body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
      });
      // The demo's services end at REF-SVC-31F: the order's is REF-SVC-320, named after it.
      expect(order.service?.name).toBe('kvm-s-320');
      for (const path of after) await call(path);
      return seen;
    });

  it.each([
    ['transactions', '/transactions?limit=2'],
    ['orders', '/orders?limit=2'],
    ['invoices', '/invoices?limit=2'],
  ])(
    'keeps the older %s a first page of records made while recording said there were',
    async (_, page) => {
      // Two orders, then a page of two: it shows only what they made, and `has_more: true`
      // for the account's older records, which no page showed. The scenario leaves the
      // recording's own records out, so one older record stands for those the upstream had.
      const { file, statuses } = await recordSession(frozen, async (_, base) => [
        await demoCall(base, '/balance'),
        await orderKvmS(base, 'first'),
        await orderKvmS(base, 'second'),
        await demoCall(base, page),
      ]);
      const recorded = readFileSync(file, 'utf8').trim().split('\n').at(-1) as string;
      expect(JSON.parse(JSON.parse(recorded).response.body).pagination.has_more).toBe(true);
      await expectFaithful(file, statuses.length);
    },
  );

  it('takes the older record below every ref the recording minted, links included', async () => {
    // The page of one shows the second order's transaction only; the first one's ref shows
    // only as the link of its order, listed after. The placeholder for the older records
    // takes a ref below both, so the replay mints the first order's transaction as upstream.
    const { file, statuses } = await recordSession(frozen, async (_, base) => [
      await demoCall(base, '/balance'),
      await orderKvmS(base, 'first'),
      await orderKvmS(base, 'second'),
      await demoCall(base, '/transactions?limit=1'),
      await demoCall(base, '/orders?limit=2'),
    ]);
    await expectFaithful(file, statuses.length);
  });

  it('mints what the upstream minted for an order, its services never listed', async () => {
    // The replay's account holds no service to count from: it goes on from the recording's.
    const { file, statuses } = await orderSession(['/me', '/balance', '/plans'], ['/balance']);
    await expectFaithful(file, statuses.length);
  });

  it('prices an order from the catalog or the ledger when the balance before it never showed', async () => {
    // The balance first shows after the order: what it took comes from the catalog listed
    // before it, or from the ledger after it (its region and VAT from the order's answer and
    // its charge, when the catalog never showed them).
    for (const [before, after] of [
      [['/plans'], ['/balance']],
      [[], ['/orders', '/balance']],
      [['/me'], ['/transactions', '/invoices']],
    ]) {
      const { file, statuses } = await orderSession(before as string[], after as string[]);
      await expectFaithful(file, statuses.length);
    }
  });

  it('takes the VAT from the balances around an order when neither the catalog nor the ledger shows it', async () => {
    // The balance before and the order's own answer: their difference is what it charged,
    // net and VAT, and the order's service states its monthly price.
    const { file, statuses } = await orderSession(['/balance'], ['/balance']);
    await expectFaithful(file, statuses.length);
    const { scenario } = await scenarioFromRecording(file);
    expect(scenario.accounts?.[0]?.vat_rate).toBe(0.19);
  });

  it('sets aside what follows a balance nothing in the recording can tell', async () => {
    // Neither the catalog nor the ledger: the order's charge, so the balance, is unknown.
    const { file } = await orderSession(['/me'], ['/balance']);
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.matched).toBe(1);
    expect(report.unverifiable.map((u) => u.operation)).toEqual(['createOrder', 'getBalance']);
    expect(report.unverifiable[0]?.reason).toMatch(/show GET \/balance or GET \/plans before/);
  });

  it('takes a service first shown expired at its term end, auto-renew on, for one that could not renew', async () => {
    // The demo's REF-SVC-103 is suspended with auto-renew on; its term ends on 1 February.
    // First shown expired after it, with no renewal billed: it was suspended (or its plan no
    // longer sold) before, not active. An active one would renew in the replay: the catalog
    // and the balance are shown. The balance after it differs (services the recording never
    // showed renewed): what follows that term's end is set apart, not a difference.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const get = (path: string) => demoCall(base, path);
      const seen = [await get('/me'), await get('/balance'), await get('/plans')];
      upstream.admin.clock.advance(40 * 86_400);
      seen.push(await get('/services/REF-SVC-103'), await get('/balance'));
      return seen;
    });
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.matched).toBe(statuses.length - 1);
    expect(report.unverifiable).toEqual([
      expect.objectContaining({
        operation: 'getBalance',
        reason: expect.stringMatching(
          /end of REF-SVC-103's term at 2026-02-01.*services never shown/,
        ),
      }),
    ]);
    const { scenario, unknownTermEnd } = await scenarioFromRecording(file);
    const services = scenario.accounts?.[0]?.services as Array<Record<string, unknown>>;
    expect(services.find((s) => s.service_ref === 'REF-SVC-103')?.status).toBe('suspended');
    expect(unknownTermEnd).toEqual({ at: '2026-02-01T00:00:00.000Z', service_ref: 'REF-SVC-103' });
  });

  it('sets aside a write to a service refused past a point the recording cannot tell', async () => {
    // As in the test above, the balance after REF-SVC-103's term end follows renewals the
    // recording never showed, and a service's renewal follows the balance: REF-SVC-101 may
    // not have renewed upstream. Its power action, here taken as refused (its answer
    // rewritten as the upstream gives it for a suspended service), is set apart, not a
    // difference; the same action before that point is compared.
    const { file } = await recordSession(frozen, async (upstream, base) => {
      const call = (path: string, init?: RequestInit) => demoCall(base, path, init);
      const reboot = (key: string): RequestInit => ({
        method: 'POST',
        body: JSON.stringify({ action: 'reboot' }),
        headers: { 'idempotency-key': key },
      });
      const seen = [await call('/balance'), await call('/plans')];
      seen.push(await call('/services/REF-SVC-101/power', reboot('power-before')));
      upstream.admin.clock.advance(40 * 86_400);
      seen.push(await call('/services/REF-SVC-103'), await call('/balance'));
      seen.push(await call('/services/REF-SVC-101/power', reboot('power-after')));
      return seen;
    });
    const refused = (line: string) => {
      const exchange = JSON.parse(line) as {
        status: number;
        idempotency_key?: string;
        response: { body: string; body_bytes: number };
      };
      if (exchange.idempotency_key !== 'power-after') return line;
      const body = JSON.stringify({ error: 'service_not_active', status: 'suspended' });
      exchange.status = 409;
      exchange.response.body = body;
      exchange.response.body_bytes = Buffer.byteLength(body);
      return JSON.stringify(exchange);
    };
    const tampered = join(dir, `session-${++n}.jsonl`);
    writeFileSync(
      tampered,
      `${readFileSync(file, 'utf8').trim().split('\n').map(refused).join('\n')}\n`,
    );
    const report = await driftReport(tampered);
    expect(report.differences).toEqual([]);
    expect(report.operations.powerService).toEqual({ matched: 1, compared: 1, unverifiable: 1 });
    expect(report.unverifiable.find((u) => u.operation === 'powerService')?.reason).toMatch(
      /end of REF-SVC-103's term at 2026-02-01/,
    );
  });

  it('takes a service a page of active services left out, later shown expired at its term end, for a suspended one', async () => {
    // The demo's REF-SVC-31C is suspended with auto-renew off; its term ends on 26 February.
    // The first page of active services leaves it out; sixty days on, it shows expired at
    // its term's end. Without auto-renew and that page, it would be taken for active, and
    // the replay's page would list it.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const get = (path: string) => demoCall(base, path);
      const seen = [await get('/services?status=active&limit=20')];
      upstream.admin.clock.advance(60 * 86_400);
      seen.push(await get('/services/REF-SVC-31C'));
      return seen;
    });
    await expectFaithful(file, statuses.length);
    const { scenario } = await scenarioFromRecording(file);
    const services = scenario.accounts?.[0]?.services as Array<Record<string, unknown>>;
    expect(services.find((s) => s.service_ref === 'REF-SVC-31C')).toMatchObject({
      status: 'suspended',
      auto_renew: false,
    });
  });

  it('sets aside what follows the term end of a service whose plan it never showed', async () => {
    // The demo's services renew from their catalog plans, which the session never lists: the
    // replay cannot renew them. What follows the first such term end is set apart.
    const { file } = await recordSession(frozen, async (upstream, base) => {
      const seen = [await demoCall(base, '/services?limit=20'), await demoCall(base, '/balance')];
      upstream.admin.clock.advance(60 * 86_400);
      seen.push(await demoCall(base, '/services/REF-SVC-31E'));
      return seen;
    });
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.matched).toBe(2);
    expect(report.unverifiable).toEqual([
      expect.objectContaining({
        operation: 'getService',
        reason: expect.stringMatching(
          /^it follows the end of REF-SVC-[0-9A-F]+'s term at 2026-02-\d\dT.* plan the recording never showed .*list GET \/plans/,
        ),
      }),
    ]);
  });

  it('settles the start statuses the recording leaves open by the first GET /services/stats', async () => {
    // The demo's REF-SVC-108 ended early: expired at the start, its term to 1 March. Left out
    // of the active and the suspended services listed then and first shown expired after its
    // term, it could have been suspended until then; the stats count one expired service.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const seen = [
        await demoCall(base, '/services/stats'),
        await demoCall(base, '/services?status=active&limit=100'),
        await demoCall(base, '/services?status=suspended&limit=100'),
      ];
      upstream.admin.clock.advance(70 * 86_400);
      seen.push(
        await demoCall(base, '/services?limit=100'),
        await demoCall(base, '/services/stats'),
      );
      return seen;
    });
    const { scenario, notes } = await scenarioFromRecording(file);
    const services = scenario.accounts?.[0]?.services ?? [];
    expect(services.find((s) => s.service_ref === 'REF-SVC-108')?.status).toBe('expired');
    expect(notes).toContain(
      'the status at the start the recording left open follows GET /services/stats for REF-SVC-108 expired',
    );
    // What follows the unbilled term ends is set apart (no invoice was listed); the answers
    // before the clock moved, the stats among them, all match.
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.compared + report.unverifiable.length).toBe(statuses.length);
    expect(report.unverifiable.every(({ seq }) => seq > 3)).toBe(true);
  });

  it('takes as active a service the rewind would take for suspended for want of a renewal, left out of the suspended ones', async () => {
    // From 11 January on: a monthly term ending in February, with auto-renew, first shown
    // expired after it with no renewal billed, would be taken for suspended (an active one
    // would renew in the replay). The page of suspended services listed then left it out,
    // and the stats count no more: it was active (the upstream did not renew it, its plan
    // not sold). The stats alone settle it so where no such page was listed.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      upstream.admin.clock.advance(10 * 86_400);
      const seen = [
        await demoCall(base, '/services/stats'),
        await demoCall(base, '/services?status=suspended&limit=100'),
      ];
      upstream.admin.clock.advance(70 * 86_400);
      seen.push(await demoCall(base, '/services?limit=100'));
      return seen;
    });
    // Suspended at the start: exactly the services that page listed.
    const page = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .find((exchange) => exchange.query === 'status=suspended&limit=100');
    const listed = (JSON.parse(page.response.body).services as { service_ref: string }[]).map(
      (s) => s.service_ref,
    );
    const { scenario } = await scenarioFromRecording(file);
    const suspended = (scenario.accounts?.[0]?.services ?? [])
      .filter((s) => s.status === 'suspended')
      .map((s) => s.service_ref);
    expect(suspended.sort()).toEqual(listed.sort());
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.compared + report.unverifiable.length).toBe(statuses.length);
  });

  it('takes auto-renew at a term end as last switched before it, however often', async () => {
    // REF-SVC-103 is suspended, auto-renew on, its term to 1 February: switched off, then on
    // again, then first shown expired after that term. On at its end, it could only have
    // been suspended (it would have renewed): the replay expires it there too.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const autoRenew = (enabled: boolean) =>
        demoCall(base, '/services/REF-SVC-103/auto-renew', {
          method: 'PUT',
          body: JSON.stringify({ enabled }),
        });
      const order = keyedJson('switched', { type: 'kvm', plan_code: 'kvm-s' });
      const seen = [
        await demoCall(base, '/plans'),
        await demoCall(base, '/orders', order),
        await autoRenew(false),
        await autoRenew(true),
      ];
      upstream.admin.clock.advance(45 * 86_400);
      seen.push(await demoCall(base, '/services/REF-SVC-103'));
      return seen;
    });
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.matched).toBe(statuses.length);
  });

  it('compares what follows a term end the recording tells of: a plan not sold, invoices listed', async () => {
    // The catalog listed, then 45 days, then invoices and every service. REF-SVC-307's plan
    // is not sold: it could not renew. The suspended services' terms ended with no renewal
    // in the invoices listed. Nothing is left to set apart.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const seen = [await demoCall(base, '/plans'), await demoCall(base, '/balance')];
      upstream.admin.clock.advance(45 * 86_400);
      seen.push(
        await demoCall(base, '/invoices?limit=100'),
        await demoCall(base, '/services?limit=100'),
        await demoCall(base, '/balance'),
      );
      return seen;
    });
    await expectFaithful(file, statuses.length);
  });

  it('takes the status a 409 showed of a service never listed, before any write on it went through', async () => {
    // REF-SVC-103 is suspended: a power action is refused with its status, an auto-renew
    // switch goes through. Rebuilt suspended, not active, the replay refuses the first too.
    const { file, statuses } = await recordSession(frozen, async (_, base) => [
      await demoCall(base, '/services/REF-SVC-103/power', {
        method: 'POST',
        body: JSON.stringify({ action: 'reboot' }),
        headers: { 'idempotency-key': 'suspended-power' },
      }),
      await demoCall(base, '/services/REF-SVC-103/auto-renew', {
        method: 'PUT',
        body: JSON.stringify({ enabled: false }),
      }),
    ]);
    expect(statuses.map(([, status]) => status)).toEqual([409, 200]);
    await expectFaithful(file, statuses.length);
  });

  it('keeps a service only 409 answers to writes named, of the status they showed', async () => {
    // REF-SVC-103 is suspended: power actions are refused with its status, and nothing else
    // names it. The answer shows the account has it: the replay refuses them alike, not 404.
    const { file, statuses } = await recordSession(frozen, async (_, base) => {
      const power = (key: string) =>
        demoCall(base, '/services/REF-SVC-103/power', {
          method: 'POST',
          body: JSON.stringify({ action: 'reboot' }),
          headers: { 'idempotency-key': key },
        });
      return [await power('refused-1'), await demoCall(base, '/me'), await power('refused-2')];
    });
    expect(statuses.map(([, status]) => status)).toEqual([409, 200, 409]);
    await expectFaithful(file, statuses.length);
  });

  it('ends a service never listed between the last answer that showed it alive and a 409 that showed it expired', async () => {
    // REF-SVC-101's auto-renew is switched off; 45 days on, a power action is refused: it
    // expired. When, the recording cannot tell (its term was never shown): the replay ends
    // it just before that answer, and sets apart what differs after its last write.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const seen = [
        await demoCall(base, '/services/REF-SVC-101/auto-renew', {
          method: 'PUT',
          body: JSON.stringify({ enabled: false }),
        }),
      ];
      upstream.admin.clock.advance(45 * 86_400);
      seen.push(
        await demoCall(base, '/services/REF-SVC-101/power', {
          method: 'POST',
          body: JSON.stringify({ action: 'reboot' }),
          headers: { 'idempotency-key': 'ended-power' },
        }),
        await demoCall(base, '/services/stats'),
      );
      return seen;
    });
    expect(statuses.map(([, status]) => status)).toEqual([200, 409, 200]);
    await expectFaithful(file, statuses.length);
    // Stats the upstream counted otherwise after that write are set apart, not a difference.
    const recorded = readFileSync(file, 'utf8').trim().split('\n');
    const stats = JSON.parse(recorded[2] as string);
    const counts = JSON.parse(stats.response.body);
    counts.by_status.expired += 1;
    counts.by_status.active -= 1;
    stats.response.body = JSON.stringify(counts);
    stats.response.body_bytes = Buffer.byteLength(stats.response.body);
    recorded[2] = JSON.stringify(stats);
    const otherwise = join(dir, `session-${++n}.jsonl`);
    writeFileSync(otherwise, `${recorded.join('\n')}\n`);
    const report = await driftReport(otherwise);
    expect(report.differences).toEqual([]);
    expect(report.unverifiable).toEqual([
      expect.objectContaining({
        seq: 3,
        reason: expect.stringMatching(
          /^it follows #1, the last answer that showed REF-SVC-101 alive before #2 showed it expired: its term ended in between.*list every page of GET \/services/,
        ),
      }),
    ]);
  });

  it('ends between the two the suspension of a service never listed that a 409 showed suspended and a later one expired', async () => {
    // REF-SVC-103 is suspended: a power action is refused so; 45 days on (the `Date` shows
    // it), its suspension ran out and one is refused as expired. Rebuilt suspended for good,
    // the replay said suspended.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const power = (key: string) =>
        demoCall(base, '/services/REF-SVC-103/power', {
          method: 'POST',
          body: JSON.stringify({ action: 'reboot' }),
          headers: { 'idempotency-key': key },
        });
      const seen = [await demoCall(base, '/balance'), await power('while-suspended')];
      upstream.admin.clock.advance(45 * 86_400);
      seen.push(await power('once-expired'));
      return seen;
    });
    expect(statuses.map(([, status]) => status)).toEqual([200, 409, 409]);
    await expectFaithful(file, statuses.length);
  });

  it('takes a service never listed for suspended when a page of active services left it out between two switches that went through', async () => {
    // REF-SVC-103 is suspended: its auto-renew switches go through, a page of active services
    // a day after the first leaves it out, and 45 days on a 409 shows it expired. Taken for
    // active (the page came after the first switch), the replay listed it on that page (seed
    // 5773).
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const autoRenew = (enabled: boolean) =>
        demoCall(base, '/services/REF-SVC-103/auto-renew', {
          method: 'PUT',
          body: JSON.stringify({ enabled }),
        });
      const seen = [await autoRenew(false)];
      upstream.admin.clock.advance(86_400);
      seen.push(await demoCall(base, '/services?status=active&limit=100'), await autoRenew(true));
      upstream.admin.clock.advance(44 * 86_400);
      seen.push(await autoRenew(false));
      return seen;
    });
    expect(statuses.map(([, status]) => status)).toEqual([200, 200, 200, 409]);
    await expectFaithful(file, statuses.length);
  });

  it('takes a service never listed for suspended when the first stats had no room for it active, a page after its switch leaving it out', async () => {
    // REF-SVC-31C is suspended: the stats count it so, its auto-renew switch goes through,
    // and a page of active services a day later leaves it out. Taken for active until that
    // page (its term ending unseen in between), the replay's stats counted one active
    // service too many and the expired one the upstream counted not at all (seed 8798).
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const seen = [
        await demoCall(base, '/services/stats'),
        await demoCall(base, '/services/REF-SVC-31C/auto-renew', {
          method: 'PUT',
          body: JSON.stringify({ enabled: true }),
        }),
      ];
      upstream.admin.clock.advance(86_400);
      seen.push(await demoCall(base, '/services?status=active&limit=100'));
      return seen;
    });
    expect(statuses.map(([, status]) => status)).toEqual([200, 200, 200]);
    await expectFaithful(file, statuses.length);
  });

  it('takes a service never listed for alive at the first stats when they had no room for one more expired, before a 409 showed it expired', async () => {
    // The stats count one expired service, REF-SVC-108, and an auto-renew switch shows it
    // so. REF-SVC-302 is active, its term ending on 31 January, auto-renew off: 60 days on a
    // switch is refused, expired. Taken for expired from the start, the replay's stats
    // counted two (seed 9636); alive then, it ends just before the 409, and the stats after
    // it are set apart where they differ.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const autoRenew = (service: string) =>
        demoCall(base, `/services/${service}/auto-renew`, {
          method: 'PUT',
          body: JSON.stringify({ enabled: false }),
        });
      const seen = [await demoCall(base, '/services/stats'), await autoRenew('REF-SVC-108')];
      upstream.admin.clock.advance(60 * 86_400);
      seen.push(await autoRenew('REF-SVC-302'), await demoCall(base, '/services/stats'));
      return seen;
    });
    expect(statuses.map(([, status]) => status)).toEqual([200, 409, 409, 200]);
    await expectSetApart(
      file,
      statuses.length,
      ['getServiceStats'],
      /^it follows #1, where GET \/services\/stats left no room for REF-SVC-302 expired, before #3 showed it expired: its term \(or suspension\) ended in between/,
    );
  });

  it('takes the services the recording ordered for those below a cursor no later page followed', async () => {
    // vm-5 has expired; two services are ordered. A page of one active service shows the
    // second, `has_more` true, and its cursor is never followed: the first ordered is below
    // it. Taken for one never shown, a placeholder was made there (a free ref below the
    // ones shown), and the full list after it showed one service too many (aged seeds 10972,
    // 11511).
    const account = timeAccount(100, [
      service(5, { auto_renew: false, status: 'expired', expires_at: '2026-01-10T00:00:00Z' }),
    ]);
    const { file, statuses } = await recordTimeSession(async (call) => {
      await call('/plans');
      await call('/orders', order('first-order'));
      await call('/orders', order('second-order'));
      const page = await call('/services?status=active&limit=1');
      expect(page.pagination).toMatchObject({ has_more: true });
      expect((await call('/services')).services).toHaveLength(3);
    }, account);
    await expectFaithful(file, statuses.length);
  });

  it('sets apart what follows the first stats once time passed, when they counted services no answer showed', async () => {
    // Only counted, the services are rebuilt without a term: they never end in the replay.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const seen = [await demoCall(base, '/services/stats')];
      upstream.admin.clock.advance(70 * 86_400);
      seen.push(await demoCall(base, '/services/stats'));
      return seen;
    });
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.matched).toBe(1);
    expect(report.unverifiable).toEqual([
      expect.objectContaining({
        seq: 2,
        reason: expect.stringMatching(
          /^it follows #1, where GET \/services\/stats counted 39 services no answer showed: /,
        ),
      }),
    ]);
    expect(statuses).toHaveLength(2);
  });

  it('compares the stats once time passed, when they counted a service only its unpaid renewal named', async () => {
    // vm-5 (suspended) is named only by its renewal invoice, listed unpaid: that renewal tells
    // its term, which ended when it was billed, so the replay expires it on 3 February as the
    // upstream did, and the second stats count it expired on both sides. Rebuilt without a
    // term, it never ended in the replay, and what followed was set apart (seed 457).
    const { file, statuses } = await recordTimeSession(async (call, days) => {
      await call('/balance');
      await call('/plans');
      await call('/invoices');
      await call('/services?status=active');
      await call('/services/stats');
      days(10);
      const stats = await call('/services/stats');
      expect(stats.by_status).toMatchObject({ expired: 1 });
    });
    await expectFaithful(file, statuses.length);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('gives a service a 409 showed ended its status before the pool picks for the others', async () => {
    // On 8 February: the first page of services lists most active ones, invoices link the
    // rest, and the 409 shows REF-SVC-103 (the last linked) expired. The pool hands the
    // services only linked the statuses the stats counted, in their order (active, then
    // expired): REF-SVC-103 must keep an expired one, not leave a cancelled one (seed 373).
    const { file, statuses } = await recordSession(
      (upstream) => {
        frozen(upstream);
        upstream.admin.clock.set('2026-02-08T22:00:00.000Z');
      },
      async (_, base) => [
        await demoCall(base, '/services?limit=20'),
        await demoCall(base, '/invoices?limit=100'),
        await demoCall(base, '/services/REF-SVC-103/auto-renew', {
          method: 'PUT',
          body: JSON.stringify({ enabled: false }),
        }),
        await demoCall(base, '/services/stats'),
      ],
    );
    expect(statuses.map(([, status]) => status)).toEqual([200, 200, 409, 200]);
    await expectFaithful(file, statuses.length);
  });

  it('takes a Shield call refused 409 service_not_active for proof of the subscription', async () => {
    // The only Shield answer is a 409 on an expired service: the subscription check comes
    // before the service's status, so the account has one (without it, the replay answers
    // 403 shield_advanced_required; seed 835).
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const seen = [
        await demoCall(base, '/services/REF-SVC-101'),
        await demoCall(base, '/services/REF-SVC-101/auto-renew', {
          method: 'PUT',
          body: JSON.stringify({ enabled: false }),
        }),
      ];
      upstream.admin.clock.advance(70 * 86_400);
      seen.push(
        await demoCall(base, '/services/REF-SVC-101/shield/rules', {
          method: 'POST',
          headers: { 'idempotency-key': 'rule-on-expired' },
          body: JSON.stringify(ruleBody('late')),
        }),
      );
      return seen;
    });
    expect(statuses.map(([, status]) => status)).toEqual([200, 200, 409]);
    await expectFaithful(file, statuses.length);
  });

  it('sets apart what follows the start once time passed, when a service only a write named has no term', async () => {
    // No stats: REF-SVC-31C, never listed, is rebuilt alive (its switch went through) and
    // without a term, so it never ends in the replay; upstream, 70 days end it (seed 899).
    // The page asks for active KVMs: a page of all active services would have left it out,
    // and ended its term before (see `ends a service only a write showed …`).
    const { file, statuses } = await switchThenLater('REF-SVC-31C', true, 70, [
      '/services?type=kvm&status=active&limit=100',
    ]);
    expect(statuses.map(([, status]) => status)).toEqual([200, 200]);
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.unverifiable).toEqual([
      expect.objectContaining({
        seq: 2,
        reason: expect.stringMatching(
          /^it follows the recording's start, with a service no answer showed the term of \(REF-SVC-31C\): /,
        ),
      }),
    ]);
  });

  it('keeps the auto-renew a write showed of a service that only Shield calls and writes named', async () => {
    // No services page: REF-SVC-101 is rebuilt from the Shield answers, with auto-renew as
    // the switch showed it was before (on), so the replayed switch changes it too.
    const { file, statuses } = await recordSession(frozen, async (_, base) => [
      await demoCall(base, '/services/REF-SVC-101/shield/rules'),
      await demoCall(base, '/services/REF-SVC-101/auto-renew', {
        method: 'PUT',
        body: JSON.stringify({ enabled: false }),
      }),
    ]);
    await expectFaithful(file, statuses.length);
  });

  it('rebuilds a service only an invoice linked as not active when a page of active ones left it out', async () => {
    // REF-SVC-31C (suspended) and REF-SVC-31B (cancelled): linked by invoices, never listed,
    // and left out of the first page of active services, between REF-SVC-31D and REF-SVC-31A.
    const { file, statuses } = await recordSession(frozen, async (_, base) => [
      await demoCall(base, '/invoices?limit=100'),
      await demoCall(base, '/services?status=active&limit=4'),
    ]);
    const { scenario } = await scenarioFromRecording(file);
    const services = scenario.accounts?.[0]?.services ?? [];
    expect(services.find((s) => s.service_ref === 'REF-SVC-31C')?.status).toBe('suspended');
    await expectFaithful(file, statuses.length);
  });

  it('counts a service an order made before the first stats as it was then, not as first shown', async () => {
    // The order's service is first shown expired, months on; at the stats it was active.
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      const order = keyedJson('stats-order', { type: 'kvm', plan_code: 'kvm-s' });
      const seen = [
        await demoCall(base, '/plans'),
        await demoCall(base, '/orders', order),
        await demoCall(base, '/services/stats'),
      ];
      upstream.admin.clock.advance(70 * 86_400);
      seen.push(await demoCall(base, '/services?limit=100'));
      return seen;
    });
    // What follows the unbilled term ends is set apart (no invoice was listed); no difference.
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.compared + report.unverifiable.length).toBe(statuses.length);
    expect(report.operations.getServiceStats).toEqual({ matched: 1, compared: 1, unverifiable: 0 });
  });

  // Seeds 1-48, then those past them that once found a rule missing (the stats settling
  // start statuses, top-ups after balance reads, a Shield-named service's auto-renew, a
  // linked service left out of the active ones, the status a 409 showed taken first, a
  // service without a term, a top-up right after the first balance, a Shield 409, start
  // statuses the stats left open among several services, a renewal the replay could not pay,
  // a page of the ledger that listed only records made while recording, a service only
  // writes showed that a later page of active services left out, or one between two
  // switches, a renewal no answer listed before a service's first view, the top-up a
  // settlement came with among several of its instant).
  it.each([
    ...Array.from({ length: 48 }, (_, i) => i + 1),
    ...[60, 73, 86, 95, 105, 115, 126, 165, 169, 174, 184, 187, 208, 217, 249, 296, 311, 329],
    ...[373, 457, 559, 684, 739, 835, 857, 899, 1019, 1020, 1049, 1143, 1227, 2480, 2869],
    ...[5773, 6520, 6527, 8798, 9636],
  ])(
    'finds no difference in seeded random session %i, with admin clock moves and top-ups between',
    async (seed) => {
      // Whatever the session listed or not, what it cannot show is set apart with its reason;
      // nothing is a difference.
      const { file, statuses } = await recordSession(frozen, (upstream, base) =>
        randomSession(seed, upstream, base),
      );
      const report = await driftReport(file);
      expect(report.differences).toEqual([]);
      expect(report.compared + report.unverifiable.length).toBe(statuses.length);
    },
  );

  // The same sessions on an account that lived before the recording: its clock moved one to
  // four times by up to 60 days, with admin top-ups between, so services renewed, were
  // suspended and expired, and invoices were billed, settled and cancelled before the first
  // exchange. Seeds that once found a rule missing (a term ended by the stats' settling, a
  // plan only refused for want of balance, proof of an active service, the price of an
  // unlisted renewal, a service only its unpaid renewal named, older records a page counted,
  // start statuses the stats settle in two steps, a clock moved before any answer stated it,
  // a service only 409 answers named, a renewal listed unpaid at the start, a page of the
  // ledger that stopped at a record of the balance's very time, a renewal the replay could
  // not pay before an order of unknown charge, a settlement older invoices may have held back,
  // a listed term that ended unrenewed before the stats, an order shown only by a later one's
  // ref, a renewal the replay paid before the first balance, top-ups of the first balance's
  // instant the rewind counted before it, statuses only the stats counted that a listed
  // term's unpaid renewal changed, a write proving a service suspended at the start, a
  // renewal only the ledger showed, settled days after its term ended, a service suspended
  // past its term counted by the stats, top-ups of the first balance's instant that the
  // ledger or a settlement places after it, an order refused before the first balance, a
  // top-up that settled a renewal after a listing or a 409 of that instant showed its service
  // suspended, or a page of active services left it out, a renewal paid at the first instant
  // with no top-up listed, a renewal first listed unpaid and paid before the first balance, a
  // term begun by a renewal paid when billed, first listed expired at its end, a service
  // never listed that a Shield read showed active or a 409 suspended, and a later 409
  // expired, a renewal only the ledger showed of a service a page showed suspended, a
  // service ordered below a cursor no page followed).
  it.each([
    47, 54, 126, 132, 199, 254, 274, 348, 449, 479, 544, 545, 550, 556, 624, 627, 671, 744, 766,
    791, 815, 1031, 1110, 1178, 1487, 1566, 1733, 1807, 1887, 2344, 2494, 2907, 3256, 3375, 3768,
    5369, 5498, 5787, 5935, 6662, 6847, 7307, 7330, 7358, 7927, 8644, 8835, 9339, 10972, 11511,
    // 8595: a top-up a page of transactions listed stays before a later exchange of its
    // instant that the replay would otherwise make it come after.
    613, 8595, 11240, 11308, 11832,
  ])(
    'finds no difference in seeded random session %i on an account that lived months before it',
    async (seed) => {
      const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
        await ageAccount(seed, upstream);
        return randomSession(seed, upstream, base);
      });
      const report = await driftReport(file);
      expect(report.differences).toEqual([]);
      expect(report.compared + report.unverifiable.length).toBe(statuses.length);
    },
  );

  it('answers as the upstream did the writes it replayed from before the recording', async () => {
    // An order, a power action and a rule sent before the recording (straight to the
    // upstream), then again through the recorder with their keys: the upstream answers its
    // stored responses (Idempotent-Replayed), and a used key with another body 409.
    const writes: Array<[string, RequestInit]> = [
      ['/orders', keyedJson('before-order', { type: 'kvm', plan_code: 'kvm-s' })],
      ['/services/REF-SVC-101/power', keyedJson('before-power', { action: 'reboot' })],
      ['/services/REF-SVC-101/shield/rules', keyedJson('before-rule', ruleBody('before'))],
    ];
    const { file, statuses } = await recordSession(frozen, async (upstream, base) => {
      for (const [path, init] of writes) {
        await (await upstream.fetch(`${upstream.baseUrl}${path}`, init)).text();
      }
      upstream.admin.clock.advance(30);
      const seen: Array<[string, number]> = [];
      const again: Array<[string, RequestInit]> = [
        ...writes,
        ['/orders', keyedJson('before-order', { type: 'kvm', plan_code: 'kvm-m' })],
      ];
      for (const [path, init] of again) {
        const response = await sessionFetch(`${base}${path}`, init);
        await response.text();
        seen.push([path, response.status]);
      }
      return seen;
    });
    expect(statuses.map(([, status]) => status)).toEqual([200, 200, 202, 409]);
    await expectFaithful(file, statuses.length);
  });

  it('names the exchange the upstream answered otherwise first, its consequences after it', async () => {
    const { file, statuses } = await recordSession((upstream) => {
      upstream.admin.clock.freeze(true);
      // The upstream refuses the rule: everything after it lists one rule fewer.
      upstream.admin.failNext('createShieldRule', 503, { error: 'shield_unavailable' });
    });
    const at = statuses.findIndex(([call]) => call === 'POST /services/REF-SVC-101/shield/rules');
    const report = await driftReport(file);
    expect(report.first_difference).toBe(at + 1);
    expect(report.differences[0]).toMatchObject({
      seq: at + 1,
      operation: 'createShieldRule',
      json_path: '(status)',
      recorded: 503,
      replayed: 202,
    });
    // The listings after it differ because of it, and say so.
    const later = report.differences.filter((d) => d.seq > at + 1);
    expect(later.length).toBeGreaterThan(0);
    for (const difference of later) expect(difference.after).toBe(at + 1);
    const text = formatDriftReport(report);
    expect(text).toContain(
      `first difference: #${at + 1} createShieldRule POST /v1/services/REF-SVC-101/shield/rules: (status): 503 -> 202`,
    );
    expect(text).toContain(`(after the differing write #${at + 1})`);
  });
});
