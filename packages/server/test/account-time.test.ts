// Reference spec, section 9: time moves the account. Each row of the table, a year of
// renewals priced by the order price function, month ends, spaces on their own clocks,
// top-up settlement, the admin clock and journal. Over real HTTP, every /v1 answer
// checked against account-api.md's fields by the harness.
import { priceOrder } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { useApi } from './api-harness';
import { kvmMonthInvoice, renewingKvm, renewingScenario } from './fixtures/renewing-account';

const KEY = 'refak_time_full';
const kvm = (ref: string, extra: Record<string, unknown> = {}) =>
  renewingKvm(ref, `203.0.113.${Number.parseInt(ref.slice(-2), 16)}`, extra);

const scenario = (
  services: unknown[],
  options: { balance?: number; shield?: unknown; now?: string } = {},
) => renewingScenario(services, { ...options, token: KEY, balance: options.balance ?? 100 });

describe('time moves the account', () => {
  const api = useApi('http', {});
  const load = async (document: unknown) => {
    const res = await api.admin('POST', '/scenario', document);
    expect(res.status).toBe(200);
  };
  const advance = async (advance: string) => {
    const res = await api.admin('POST', '/clock', { advance });
    expect(res.status).toBe(200);
    return res.body as { now: string; applied: Array<Record<string, unknown>> };
  };
  const get = async (path: string) => (await api.call('GET', path, { key: KEY })).body;
  // Ten KVMs renewing monthly: a thousand years are 120,000 renewals if every one is paid.
  const tenKvms = () =>
    Array.from({ length: 10 }, (_, i) => kvm(`REF-SVC-${(0x80 + i).toString(16).toUpperCase()}`));
  const tooMany =
    'clock_limit_reached: the move could apply more than 100000 events; move the clock in smaller steps';
  const clockEvents = (requests: Array<{ kind?: string }>) =>
    requests.filter((entry) => entry.kind === 'clock_event');

  it('renews: charged from the balance, a paid invoice and a linked transaction, expires_at moved on', async () => {
    await load(scenario([kvm('REF-SVC-11')]));
    const moved = await advance('P1M');
    expect(moved.now).toBe('2026-02-01T00:00:00.000Z');
    expect(moved.applied).toEqual([
      {
        kind: 'service_renewal',
        due_at: '2026-02-01T00:00:00.000Z',
        account_ref: 'REF-ACCT-1',
        service_ref: 'REF-SVC-11',
        invoice_ref: expect.stringMatching(/^REF-INV-/),
        transaction_ref: expect.stringMatching(/^REF-TXN-/),
        amount: 5.95,
        currency: 'EUR',
        expires_at: '2026-03-01T00:00:00.000Z',
      },
    ]);
    const [event] = moved.applied as [Record<string, string>];
    const { invoices } = await get('/invoices');
    expect(invoices).toEqual([
      expect.objectContaining({
        invoice_ref: event.invoice_ref,
        kind: 'service_renewal',
        status: 'paid',
        customer_payable: false,
        amount: 5.95,
        vat_amount: 0.95,
        issue_date: '2026-02-01T00:00:00.000Z',
        service_ref: 'REF-SVC-11',
      }),
    ]);
    const { transactions } = await get('/transactions');
    expect(transactions).toEqual([
      expect.objectContaining({
        transaction_ref: event.transaction_ref,
        kind: 'service_renewal',
        amount: -5.95,
        invoice_ref: event.invoice_ref,
        service_ref: 'REF-SVC-11',
        created_at: '2026-02-01T00:00:00.000Z',
      }),
    ]);
    expect((await get('/balance')).amount).toBe(94.05);
    const { service } = await get('/services/REF-SVC-11');
    expect(service).toMatchObject({ status: 'active', expires_at: '2026-03-01T00:00:00.000Z' });
    // Renewal terms the server keeps are not shown by the API.
    expect(service).not.toHaveProperty('term_day');
  });

  it('suspends with an unpaid invoice when the balance is short, then expires 7 days later', async () => {
    await load(scenario([kvm('REF-SVC-12')], { balance: 3 }));
    const moved = await advance('P1M');
    expect(moved.applied).toMatchObject([
      { kind: 'service_suspension', service_ref: 'REF-SVC-12', amount: 5.95 },
    ]);
    const { invoices } = await get('/invoices');
    expect(invoices).toMatchObject([
      { kind: 'service_renewal', status: 'unpaid', customer_payable: true, amount: 5.95 },
    ]);
    expect((await get('/balance')).amount).toBe(3);
    const power = await api.call('POST', '/services/REF-SVC-12/power', {
      key: KEY,
      body: { action: 'reboot' },
      idempotencyKey: 'power-after-suspension',
    });
    expect(power.status).toBe(409);
    expect(power.body).toEqual({ error: 'service_not_active', status: 'suspended' });

    const later = await advance('P7D');
    expect(later.applied).toMatchObject([
      {
        kind: 'service_expiry',
        due_at: '2026-02-08T00:00:00.000Z',
        service_ref: 'REF-SVC-12',
        invoice_ref: invoices[0].invoice_ref,
      },
    ]);
    expect((await get('/services/REF-SVC-12')).service.status).toBe('expired');
    expect((await get('/invoices')).invoices).toMatchObject([{ status: 'cancelled' }]);
    expect((await get('/balance')).amount).toBe(3);
  });

  it('expires without auto-renew, and when the plan is no longer sold, charging nothing', async () => {
    await load(
      scenario([
        kvm('REF-SVC-13', { auto_renew: false }),
        kvm('REF-SVC-14', { service_plan_name: 'KVM Retired' }),
        kvm('REF-SVC-15', { last_period_unit: 'month', last_period_amount: 3 }),
      ]),
    );
    const moved = await advance('P1M');
    expect(moved.applied).toEqual([
      expect.objectContaining({ kind: 'service_expiry', service_ref: 'REF-SVC-13' }),
      expect.objectContaining({
        kind: 'service_expiry',
        service_ref: 'REF-SVC-14',
        reason: 'plan_not_in_catalog',
      }),
      expect.objectContaining({
        kind: 'service_expiry',
        service_ref: 'REF-SVC-15',
        reason: 'period_not_sold',
      }),
    ]);
    expect((await get('/invoices')).invoices).toEqual([]);
    expect((await get('/transactions')).transactions).toEqual([]);
    expect((await get('/balance')).amount).toBe(100);
  });

  it('expires a service whose renewal no integer cents can price, as an order of it is refused', async () => {
    await load(
      scenario(
        [kvm('REF-SVC-16', { ordered_addons: [{ addon_ref: 'REF-ADDON-11', units: 2 ** 52 }] })],
        { balance: 1e9 },
      ),
    );
    expect((await advance('P1M')).applied).toEqual([
      expect.objectContaining({
        kind: 'service_expiry',
        service_ref: 'REF-SVC-16',
        reason: 'price_not_supported',
      }),
    ]);
    expect((await get('/invoices')).invoices).toEqual([]);
    // What time made loads back.
    const state = (await api.admin('GET', '/state')).body;
    expect((await api.admin('POST', '/scenario', state)).status).toBe(200);
  });

  it('ends the term of a service a scenario suspended, with or without auto-renew, charging nothing', async () => {
    await load(
      scenario([
        kvm('REF-SVC-16', { status: 'suspended' }),
        kvm('REF-SVC-17', { status: 'suspended', auto_renew: false }),
      ]),
    );
    const clock = (await api.admin('GET', '/clock')).body as { next_events: unknown[] };
    expect(clock.next_events).toMatchObject([
      { due_at: '2026-02-01T00:00:00.000Z', kind: 'service_expiry', ref: 'REF-SVC-16' },
      { due_at: '2026-02-01T00:00:00.000Z', kind: 'service_expiry', ref: 'REF-SVC-17' },
    ]);
    const moved = await advance('P1M');
    expect(moved.applied).toEqual([
      {
        kind: 'service_expiry',
        due_at: '2026-02-01T00:00:00.000Z',
        account_ref: expect.any(String),
        service_ref: 'REF-SVC-16',
        reason: 'suspended_at_term_end',
      },
      {
        kind: 'service_expiry',
        due_at: '2026-02-01T00:00:00.000Z',
        account_ref: expect.any(String),
        service_ref: 'REF-SVC-17',
      },
    ]);
    expect((await get('/services/REF-SVC-16')).service.status).toBe('expired');
    expect((await get('/services/REF-SVC-17')).service.status).toBe('expired');
    expect((await get('/invoices')).invoices).toEqual([]);
    expect((await get('/balance')).amount).toBe(100);
  });

  it('ends a Shield grace period: every Shield endpoint answers 403, the rules are kept', async () => {
    await load(
      scenario([kvm('REF-SVC-16', { expires_at: '2027-01-01T00:00:00.000Z' })], {
        shield: { status: 'grace', grace_ends_at: '2026-01-15T00:00:00.000Z' },
      }),
    );
    const rule = await api.call('POST', '/services/REF-SVC-16/shield/rules', {
      key: KEY,
      idempotencyKey: 'rule-before-grace-end',
      body: {
        name: 'drop telnet before the grace ends',
        mode: 'enforce',
        action: 'drop',
        risk: 'medium',
        protocol: 'tcp',
        destination_port: 23,
      },
    });
    expect(rule.status).toBe(202);
    const clock = await api.admin('GET', '/clock');
    expect(clock.body.next_events[0]).toEqual({
      due_at: '2026-01-15T00:00:00.000Z',
      kind: 'shield_grace_end',
      account_ref: 'REF-ACCT-1',
      ref: 'REF-ACCT-1',
    });
    const moved = await advance('P14D');
    expect(moved.applied).toEqual([
      {
        kind: 'shield_grace_end',
        due_at: '2026-01-15T00:00:00.000Z',
        account_ref: 'REF-ACCT-1',
      },
    ]);
    for (const path of ['/shield', '/shield/rules', '/shield/capabilities', '/shield/traffic']) {
      const res = await api.call('GET', `/services/REF-SVC-16${path}`, { key: KEY });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual({ error: 'shield_advanced_required' });
    }
    const state = (await api.admin('GET', '/state')).body;
    expect(state.accounts[0].shield).toBeNull();
    expect(JSON.stringify(state.extensions)).toContain('drop telnet before the grace ends');
  });

  it('renews a year of months through the order price function, to the cent', async () => {
    await load(scenario([], { balance: 500 }));
    const { plans } = await get('/plans?type=kvm');
    const plan = plans.find((p: { code: string }) => p.code === 'kvm-s');
    const order = {
      type: 'kvm',
      plan_code: 'kvm-s',
      addons: [
        { addon_ref: 'REF-ADDON-11', units: 2 },
        { addon_ref: 'REF-ADDON-12', units: 1 },
      ],
    };
    const priced = priceOrder(plan, order);
    if (!priced.ok) throw new Error(priced.error);
    const total = priced.price.total_cents;
    const ordered = await api.call('POST', '/orders', {
      key: KEY,
      idempotencyKey: 'year-order',
      body: order,
    });
    expect(ordered.status).toBe(200);
    const ref = ordered.body.service_ref;
    expect(ordered.body.service.expires_at).toBe('2026-02-01T00:00:00.000Z');
    await api.call('PUT', `/services/${ref}/auto-renew`, {
      key: KEY,
      idempotencyKey: 'year-auto-renew',
      body: { enabled: true },
    });
    const moved = await advance('P1Y');
    expect(moved.applied).toHaveLength(12);
    expect(moved.applied.map((e) => e.due_at)).toEqual(
      Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, 1 + i, 1)).toISOString()),
    );
    const { invoices } = await get('/invoices?limit=100');
    const renewals = invoices.filter((i: { kind: string }) => i.kind === 'service_renewal');
    expect(renewals).toHaveLength(12);
    for (const invoice of renewals) expect(Math.round(invoice.amount * 100)).toBe(total);
    const balanceCents = Math.round((await get('/balance')).amount * 100);
    expect(balanceCents).toBe(50_000 - 13 * total);
    expect((await get(`/services/${ref}`)).service.expires_at).toBe('2027-02-01T00:00:00.000Z');
  });

  it('keeps the day the term began on: 31 Jan → 28 Feb → 31 Mar → 30 Apr', async () => {
    await load(scenario([], { now: '2026-01-31T12:00:00.000Z' }));
    const ordered = await api.call('POST', '/orders', {
      key: KEY,
      idempotencyKey: 'month-end-order',
      body: { type: 'kvm', plan_code: 'kvm-s' },
    });
    const ref = ordered.body.service_ref;
    expect(ordered.body.service.expires_at).toBe('2026-02-28T12:00:00.000Z');
    await api.call('PUT', `/services/${ref}/auto-renew`, {
      key: KEY,
      idempotencyKey: 'month-end-auto-renew',
      body: { enabled: true },
    });
    const moved = await advance('P2M');
    expect(moved.applied.map((e) => [e.due_at, e.expires_at])).toEqual([
      ['2026-02-28T12:00:00.000Z', '2026-03-31T12:00:00.000Z'],
      ['2026-03-31T12:00:00.000Z', '2026-04-30T12:00:00.000Z'],
    ]);
  });

  it('settles unpaid renewals oldest first while a top-up covers them', async () => {
    await load(
      scenario(
        [
          kvm('REF-SVC-21', { expires_at: '2026-01-21T00:00:00.000Z' }),
          kvm('REF-SVC-22', { expires_at: '2026-01-20T00:00:00.000Z' }),
          kvm('REF-SVC-23', { expires_at: '2026-01-22T00:00:00.000Z' }),
        ],
        { balance: 0 },
      ),
    );
    const moved = await advance('P22D');
    expect(moved.applied.map((e) => [e.kind, e.service_ref])).toEqual([
      ['service_suspension', 'REF-SVC-22'],
      ['service_suspension', 'REF-SVC-21'],
      ['service_suspension', 'REF-SVC-23'],
    ]);
    // 12.00 covers two renewals of 5.95: the two oldest, of 20 and 21 January.
    const topUp = await api.admin('POST', '/top-ups', { account_ref: 'REF-ACCT-1', amount: 12 });
    expect(topUp.status).toBe(201);
    expect(topUp.body.transaction).toMatchObject({ kind: 'top_up', amount: 12, currency: 'EUR' });
    const status = async (ref: string) => (await get(`/services/${ref}`)).service;
    expect(await status('REF-SVC-22')).toMatchObject({
      status: 'active',
      expires_at: '2026-02-20T00:00:00.000Z',
    });
    expect(await status('REF-SVC-21')).toMatchObject({
      status: 'active',
      expires_at: '2026-02-21T00:00:00.000Z',
    });
    expect((await status('REF-SVC-23')).status).toBe('suspended');
    expect((await get('/balance')).amount).toBe(0.1);
    const { invoices } = await get('/invoices');
    expect(invoices.map((i: { status: string }) => i.status).sort()).toEqual([
      'paid',
      'paid',
      'unpaid',
    ]);
  });

  it('applies events due at one instant in the order the API sorts refs: REF-SVC-9, REF-SVC-A, REF-SVC-10', async () => {
    // The balance covers one renewal: the first in ref order is paid, the others suspended.
    // Refs order by their hex value (as every list does), not by spelling: REF-SVC-10 is
    // the newest of the three, though "10" < "9" as text.
    await load(scenario([kvm('REF-SVC-10'), kvm('REF-SVC-9'), kvm('REF-SVC-A')], { balance: 6 }));
    const clock = (await api.admin('GET', '/clock')).body as {
      next_events: Array<{ ref: string }>;
    };
    expect(clock.next_events.map((e) => e.ref)).toEqual(['REF-SVC-9', 'REF-SVC-A', 'REF-SVC-10']);
    const moved = await advance('P1M');
    expect(moved.applied.map((e) => [e.kind, e.service_ref])).toEqual([
      ['service_renewal', 'REF-SVC-9'],
      ['service_suspension', 'REF-SVC-A'],
      ['service_suspension', 'REF-SVC-10'],
    ]);
  });

  it('settles the oldest unpaid renewal first when refs of one instant cross a digit: REF-INV-F before REF-INV-10', async () => {
    const paid = kvmMonthInvoice({
      invoice_ref: 'REF-INV-E',
      kind: 'service_order',
      status: 'paid',
      issue_date: '2025-12-01T00:00:00.000Z',
      description: 'KVM S (monthly)',
      customer_payable: false,
    });
    const document = scenario([kvm('REF-SVC-1'), kvm('REF-SVC-2'), kvm('REF-SVC-3')], {
      balance: 0,
    });
    document.accounts[0] = { ...document.accounts[0], invoices: [paid] } as never;
    await load(document);
    const moved = await advance('P1M');
    // Suspended at one instant, in ref order: their invoices are REF-INV-F, -10 and -11.
    expect(moved.applied.map((e) => [e.service_ref, e.invoice_ref])).toEqual([
      ['REF-SVC-1', 'REF-INV-F'],
      ['REF-SVC-2', 'REF-INV-10'],
      ['REF-SVC-3', 'REF-INV-11'],
    ]);
    // 6.00 covers one renewal: the oldest, REF-INV-F of REF-SVC-1.
    const topUp = await api.admin('POST', '/top-ups', { account_ref: 'REF-ACCT-1', amount: 6 });
    expect(topUp.status).toBe(201);
    const status = async (ref: string) => (await get(`/services/${ref}`)).service.status;
    expect([
      await status('REF-SVC-1'),
      await status('REF-SVC-2'),
      await status('REF-SVC-3'),
    ]).toEqual(['active', 'suspended', 'suspended']);
    const { invoices } = await get('/invoices');
    expect(
      invoices.map((i: { invoice_ref: string; status: string }) => [i.invoice_ref, i.status]),
    ).toEqual([
      ['REF-INV-11', 'unpaid'],
      ['REF-INV-10', 'unpaid'],
      ['REF-INV-F', 'paid'],
      ['REF-INV-E', 'paid'],
    ]);
  });

  it('loads a service suspended by its unpaid renewal as time leaves it: 7 days to pay, a top-up settles it', async () => {
    // What time writes when a renewal finds the balance short, in account-api.md's fields
    // only: the service suspended at the end of its term, the renewal invoice issued then.
    const unpaid = kvmMonthInvoice({
      invoice_ref: 'REF-INV-5',
      kind: 'service_renewal',
      status: 'unpaid',
      issue_date: '2026-01-01T00:00:00.000Z',
      due_date: '2026-01-08T00:00:00.000Z',
      description: 'Renewal of vm-51: KVM S (monthly)',
      customer_payable: true,
      service_ref: 'REF-SVC-51',
    });
    const suspended = () => {
      const document = scenario(
        [kvm('REF-SVC-51', { status: 'suspended', expires_at: '2026-01-01T00:00:00.000Z' })],
        { balance: 0, now: '2026-01-03T00:00:00.000Z' },
      );
      document.accounts[0] = { ...document.accounts[0], invoices: [unpaid] } as never;
      return document;
    };
    await load(suspended());
    expect((await get('/services/REF-SVC-51')).service.status).toBe('suspended');
    expect((await api.admin('GET', '/clock')).body.next_events).toEqual([
      {
        due_at: '2026-01-08T00:00:00.000Z',
        kind: 'service_expiry',
        account_ref: 'REF-ACCT-1',
        ref: 'REF-SVC-51',
      },
    ]);
    const topUp = await api.admin('POST', '/top-ups', { account_ref: 'REF-ACCT-1', amount: 10 });
    expect(topUp.status).toBe(201);
    expect((await get('/services/REF-SVC-51')).service).toMatchObject({
      status: 'active',
      expires_at: '2026-02-01T00:00:00.000Z',
    });
    expect((await get('/invoices')).invoices).toMatchObject([
      { invoice_ref: 'REF-INV-5', status: 'paid', customer_payable: false },
    ]);
    expect((await get('/balance')).amount).toBe(4.05);

    // Unpaid for 7 days from the end of its term: expired, the invoice cancelled.
    await load(suspended());
    expect((await advance('P5D')).applied).toEqual([
      {
        kind: 'service_expiry',
        due_at: '2026-01-08T00:00:00.000Z',
        account_ref: 'REF-ACCT-1',
        service_ref: 'REF-SVC-51',
        invoice_ref: 'REF-INV-5',
      },
    ]);
    expect((await get('/invoices')).invoices).toMatchObject([{ status: 'cancelled' }]);
  });

  it('refuses renewal terms time could not have written, at the root and in a space, changing nothing', async () => {
    await load(scenario([kvm('REF-SVC-71')]));
    const id = (await api.admin('POST', '/spaces', {})).body.space_id as string;
    const spaceAdmin = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${api.origin}/spaces/${id}/__admin${path}`, {
        method,
        headers: { authorization: 'Bearer test-admin-token', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    };
    const root = (await api.admin('GET', '/state')).body;
    const space = (await spaceAdmin('GET', '/state')).body;
    const at = 'invalid_scenario: accounts[0].services[0]';
    const suspended = { status: 'suspended', expires_at: '2026-01-01T00:00:00.000Z' };
    // Each had loaded: the first expired the service at its renewal as `addon_not_offered`,
    // the next two kept it 7 days past its term with no invoice behind it, the last renewed
    // it monthly.
    for (const [extra, error] of [
      [{ ordered_addons: 'x' }, `${at}.ordered_addons: must be array`],
      [
        { ...suspended, renewal_invoice_ref: 'bogus' },
        `${at}.renewal_invoice_ref: must match /^REF-INV-[0-9A-F]+$/`,
      ],
      [
        { ...suspended, renewal_invoice_ref: 'REF-INV-9' },
        `${at}.renewal_invoice_ref: names no invoice of the account`,
      ],
      [{ last_period_amount: 0 }, `${at}.last_period_amount: must be at least 1`],
    ] as const) {
      const document = scenario([kvm('REF-SVC-72', extra)]);
      const refused = await api.admin('POST', '/scenario', document);
      expect([refused.status, refused.body], error).toEqual([400, { error }]);
      const inSpace = await spaceAdmin('POST', '/scenario', document);
      expect([inSpace.status, inSpace.body], error).toEqual([400, { error }]);
    }
    expect((await api.admin('GET', '/state')).body).toEqual(root);
    expect((await spaceAdmin('GET', '/state')).body).toEqual(space);
    await api.admin('DELETE', `/spaces/${id}`);
  });

  it('loads back the renewal terms it writes: addons, a yearly period, a suspension by its unpaid renewal', async () => {
    await load(scenario([], { balance: 100 }));
    const ordered = await api.call('POST', '/orders', {
      key: KEY,
      idempotencyKey: 'terms-order',
      body: {
        type: 'kvm',
        plan_code: 'kvm-s',
        period_ref: 'REF-PERIOD-12',
        addons: [{ addon_ref: 'REF-ADDON-11', units: 1 }],
      },
    });
    expect(ordered.status).toBe(200);
    const ref = ordered.body.service_ref;
    await api.call('PUT', `/services/${ref}/auto-renew`, {
      key: KEY,
      idempotencyKey: 'terms-auto-renew',
      body: { enabled: true },
    });
    // A year on, the balance is short of the renewal: suspended by its unpaid invoice.
    const [suspension] = (await advance('P1Y')).applied;
    expect(suspension).toMatchObject({ kind: 'service_suspension', service_ref: ref });
    const state = (await api.admin('GET', '/state')).body;
    expect(state.accounts[0].services).toEqual([
      expect.objectContaining({
        last_period_unit: 'month',
        last_period_amount: 12,
        ordered_addons: [{ addon_ref: 'REF-ADDON-11', units: 1 }],
        renewal_invoice_ref: suspension?.invoice_ref,
      }),
    ]);
    await load(state);
    expect((await api.admin('GET', '/state')).body).toEqual(state);
    // The link held: 7 days on, the service expires with that invoice cancelled.
    expect((await advance('P7D')).applied).toMatchObject([
      { kind: 'service_expiry', service_ref: ref, invoice_ref: suspension?.invoice_ref },
    ]);
  });

  it('loads back a state whose balance a top-up took past a billion (it was "must have at most 2 decimals")', async () => {
    await load(scenario([kvm('REF-SVC-31')], { balance: 234567890.12 }));
    const topUp = await api.admin('POST', '/top-ups', { account_ref: 'REF-ACCT-1', amount: 1e9 });
    expect(topUp.status).toBe(201);
    expect((await get('/balance')).amount).toBe(1234567890.12);
    const state = (await api.admin('GET', '/state')).body;
    const reloaded = await api.admin('POST', '/scenario', state);
    expect([reloaded.status, reloaded.body.error]).toEqual([200, undefined]);
    expect((await get('/balance')).amount).toBe(1234567890.12);
  });

  it('answers bad admin input with a 4xx {error}', async () => {
    await load(scenario([kvm('REF-SVC-31')]));
    for (const [path, body, status] of [
      ['/clock', { advance: 'one month' }, 400],
      ['/clock', { advance: 'P-1M' }, 400],
      ['/clock', { advance: 12 }, 400],
      ['/top-ups', { account_ref: 'REF-ACCT-1', amount: -5 }, 400],
      ['/top-ups', { account_ref: 'REF-ACCT-1', amount: 1.234 }, 400],
      ['/top-ups', { account_ref: 'REF-ACCT-1' }, 400],
      ['/top-ups', { account_ref: 'REF-ACCT-404', amount: 5 }, 404],
    ] as const) {
      const res = await api.admin('POST', path, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect((await api.admin('GET', '/clock')).body.now).toBe('2026-01-01T00:00:00.000Z');
  });

  it('refuses a move that could apply more than 100,000 events, changing nothing, whatever the balance', async () => {
    await load(scenario(tenKvms()));
    const before = (await api.admin('GET', '/state')).body;
    for (const body of [
      { advance: 'P1000Y' },
      { now: '3026-01-01T00:00:00Z' },
      { advance_seconds: 60, advance: 'P1000Y' },
      { now: '2026-06-01T00:00:00Z', advance: 'P1000Y', frozen: false },
    ]) {
      const res = await api.admin('POST', '/clock', body);
      expect([res.status, res.body], JSON.stringify(body)).toEqual([409, { error: tooMany }]);
    }
    // Nothing moved: the clock, the balance, the services, and no clock event in the journal.
    expect((await api.admin('GET', '/state')).body).toEqual(before);
    expect((await api.admin('GET', '/clock')).body).toMatchObject({
      now: '2026-01-01T00:00:00.000Z',
      frozen: true,
    });
    expect((await get('/balance')).amount).toBe(100);
    // Newest first, each term where it was.
    expect((await get('/services')).services).toMatchObject(
      tenKvms()
        .reverse()
        .map(({ service_ref }) => ({
          service_ref,
          status: 'active',
          expires_at: '2026-02-01T00:00:00.000Z',
        })),
    );
    expect(clockEvents((await api.admin('GET', '/requests')).body.requests)).toEqual([]);
    // The bound takes every renewal as paid: a small balance (100) is refused as a large one.
    const topUp = { account_ref: 'REF-ACCT-1', amount: 1_000_000_000 };
    expect((await api.admin('POST', '/top-ups', topUp)).status).toBe(201);
    const far = await api.admin('POST', '/clock', { advance: 'P7000Y' });
    expect([far.status, far.body]).toEqual([409, { error: tooMany }]);
    expect((await api.admin('GET', '/clock')).body.now).toBe('2026-01-01T00:00:00.000Z');
    expect(clockEvents((await api.admin('GET', '/requests')).body.requests)).toEqual([]);
  });

  it('moves in smaller steps what it refuses in one: each step applies its events', async () => {
    await load(scenario(tenKvms(), { balance: 5000 }));
    expect((await api.admin('POST', '/clock', { advance: 'P1000Y' })).status).toBe(409);
    const moved = await advance('P2Y');
    expect(moved.now).toBe('2028-01-01T00:00:00.000Z');
    // Two years of ten monthly renewals, one by one in due order, each paid.
    expect(moved.applied).toHaveLength(240);
    expect(moved.applied.every((event) => event.kind === 'service_renewal')).toBe(true);
    expect(moved.applied.at(-1)).toMatchObject({
      due_at: '2028-01-01T00:00:00.000Z',
      expires_at: '2028-02-01T00:00:00.000Z',
    });
    expect((await advance('P3Y')).applied).toHaveLength(360);
    expect((await get('/balance')).amount).toBe(1430); // 5000 - 600 × 5.95
  });

  it('refuses a scenario that would load with more than 100,000 events already due, naming the date', async () => {
    await load(scenario([kvm('REF-SVC-91')]));
    // Five KVMs renewing monthly since the year 100: 23,113 renewals each by 2026.
    const ancient = Array.from({ length: 5 }, (_, i) =>
      kvm(`REF-SVC-A${i}`, { expires_at: '0100-01-01T00:00:00.000Z' }),
    );
    const refused = await api.admin('POST', '/scenario', scenario(ancient));
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        error:
          'invalid_scenario: accounts[0].services[4].expires_at: the events already due when the scenario loads add up to more than 100000, the most one clock move applies',
      },
    ]);
    // The state is untouched: the scenario loaded before is still there.
    expect((await get('/services')).services).toMatchObject([{ service_ref: 'REF-SVC-91' }]);
    // A year after their terms ended, the same services load: a year of renewals each.
    await load(scenario(ancient, { now: '0101-01-01T00:00:00.000Z', balance: 1000 }));
    expect((await get('/services')).services).toMatchObject(
      ancient.map(() => ({ expires_at: '0101-02-01T00:00:00.000Z' })),
    );
  });

  it('refuses a top-up of less than a cent (1e-9 was a 201 top-up of 0)', async () => {
    await load(scenario([]));
    for (const amount of [1e-9, 5e-324]) {
      const res = await api.admin('POST', '/top-ups', { account_ref: 'REF-ACCT-1', amount });
      expect([res.status, res.body], String(amount)).toEqual([
        400,
        { error: 'invalid_body: amount' },
      ]);
    }
    expect((await get('/balance')).amount).toBe(100);
    expect((await get('/transactions')).transactions).toEqual([]);
  });

  it('refuses a top-up that would take the balance past exact integer cents, keeping the balance', async () => {
    // 90071992547409.91 is Number.MAX_SAFE_INTEGER cents.
    await load(scenario([], { balance: 90_071_991_547_409.91 }));
    const refused = await api.admin('POST', '/top-ups', {
      account_ref: 'REF-ACCT-1',
      amount: 1_000_000.01,
    });
    expect([refused.status, refused.body.error]).toEqual([409, 'balance_limit_reached']);
    expect((await get('/balance')).amount).toBe(90_071_991_547_409.91);
    const top = { account_ref: 'REF-ACCT-1', amount: 1_000_000 };
    expect((await api.admin('POST', '/top-ups', top)).status).toBe(201);
    expect((await get('/balance')).amount).toBe(90_071_992_547_409.91);
  });

  it('journals every applied event as a clock_event entry, stamped with its due time', async () => {
    await load(scenario([kvm('REF-SVC-41'), kvm('REF-SVC-42', { auto_renew: false })]));
    await advance('P1M');
    const { requests } = (await api.admin('GET', '/requests')).body;
    const events = requests.filter((e: { kind?: string }) => e.kind === 'clock_event');
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'clock_event',
        id: null,
        event: 'service_expiry',
        time: '2026-02-01T00:00:00.000Z',
        service_ref: 'REF-SVC-42',
      }),
      expect.objectContaining({
        event: 'service_renewal',
        service_ref: 'REF-SVC-41',
        amount: 5.95,
        currency: 'EUR',
      }),
    ]);
  });

  it('applies what is already due when a scenario loads', async () => {
    await load(
      scenario([
        kvm('REF-SVC-51', { expires_at: '2025-11-01T00:00:00.000Z' }),
        kvm('REF-SVC-52', { expires_at: '2025-12-15T00:00:00.000Z', auto_renew: false }),
      ]),
    );
    // Due 1 Nov, 1 Dec and 1 Jan (the scenario's now itself): three renewals.
    const { service } = await get('/services/REF-SVC-51');
    expect(service.expires_at).toBe('2026-02-01T00:00:00.000Z');
    const { invoices } = await get('/invoices');
    expect(invoices.map((i: { issue_date: string }) => i.issue_date).sort()).toEqual([
      '2025-11-01T00:00:00.000Z',
      '2025-12-01T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ]);
    expect((await get('/balance')).amount).toBe(100 - 3 * 5.95);
    expect((await get('/services/REF-SVC-52')).service.status).toBe('expired');
    const state = (await api.admin('GET', '/state')).body;
    expect(state.now).toBe('2026-01-01T00:00:00.000Z');
  });

  it('gives back on reset the clock events its load applied, never a request from before it: root and space', async () => {
    const due = scenario([
      kvm('REF-SVC-53', { expires_at: '2025-11-01T00:00:00.000Z' }),
      kvm('REF-SVC-54', { expires_at: '2025-12-15T00:00:00.000Z', auto_renew: false }),
    ]);
    const auth = { authorization: 'Bearer test-admin-token' };
    const journal = async (prefix: string, query = '') =>
      (await api.at('GET', `${prefix}/__admin/requests${query}`, { headers: auth })).body
        .requests as Array<Record<string, unknown>>;
    const reset = async (prefix: string) =>
      expect((await api.at('POST', `${prefix}/__admin/reset`, { headers: auth })).status).toBe(204);
    const stamps = (entries: Array<Record<string, unknown>>) =>
      entries.map((e) => `${e.kind}:${e.space_id}:${e.event}:${e.time}`);
    const loadEvents = (space: string | null) =>
      [
        ['service_renewal', '2026-01-01'],
        ['service_expiry', '2025-12-15'],
        ['service_renewal', '2025-12-01'],
        ['service_renewal', '2025-11-01'],
      ].map(([event, day]) => `clock_event:${space}:${event}:${day}T00:00:00.000Z`);

    await load(due);
    const loaded = await journal('');
    expect(stamps(loaded)).toEqual(loadEvents(null));
    await get('/balance');
    await advance('P1M');
    expect(await journal('')).toHaveLength(6);
    await reset('');
    expect(await journal('')).toEqual(loaded);
    expect(await journal('', '?account_ref=REF-ACCT-1')).toEqual(loaded);
    expect((await get('/services/REF-SVC-53')).service.expires_at).toBe('2026-02-01T00:00:00.000Z');

    // A space resets to the root's scenario: its journal shows that load's events, as its own.
    const { space_id: id } = (await api.admin('POST', '/spaces', {})).body;
    await api.at('GET', `/spaces/${id}/v1/balance`, { key: KEY });
    await reset(`/spaces/${id}`);
    expect(stamps(await journal(`/spaces/${id}`))).toEqual(loadEvents(id));
    // A scenario the space loads itself: its reset gives that load's journal.
    const own = scenario([kvm('REF-SVC-55', { expires_at: '2025-12-01T00:00:00.000Z' })]);
    const loadedThere = await api.at('POST', `/spaces/${id}/__admin/scenario`, {
      headers: auth,
      body: own,
    });
    expect(loadedThere.status).toBe(200);
    const spaceLoaded = await journal(`/spaces/${id}`);
    expect(stamps(spaceLoaded)).toEqual([
      `clock_event:${id}:service_renewal:2026-01-01T00:00:00.000Z`,
      `clock_event:${id}:service_renewal:2025-12-01T00:00:00.000Z`,
    ]);
    await api.at('GET', `/spaces/${id}/v1/balance`, { key: KEY });
    await reset(`/spaces/${id}`);
    expect(await journal(`/spaces/${id}`)).toEqual(spaceLoaded);
    // The root's journal is its own: the space's resets journalled nothing there.
    expect(clockEvents(await journal(''))).toEqual(loaded);
    await api.admin('DELETE', `/spaces/${id}`);
  });

  it("shows a reset's clock events on the journal stream, as the load did", async () => {
    await load(
      scenario([
        kvm('REF-SVC-56', { expires_at: '2025-12-01T00:00:00.000Z' }),
        kvm('REF-SVC-57', { expires_at: '2025-12-15T00:00:00.000Z', auto_renew: false }),
      ]),
    );
    await get('/balance');
    const stream = await fetch(`${api.origin}/__admin/requests/stream`, {
      headers: { authorization: 'Bearer test-admin-token' },
      signal: AbortSignal.timeout(5_000),
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    expect((await api.admin('POST', '/reset')).status).toBe(204);
    const decoder = new TextDecoder();
    let text = '';
    try {
      while ((text.match(/event: clock_event\n/g) ?? []).length < 3) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // Timed out: the assertions below say what came.
    } finally {
      void reader.cancel().catch(() => {});
    }
    const streamed = [...text.matchAll(/event: clock_event\ndata: (.*)\n/g)].map(
      (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
    );
    expect(streamed.map((e) => [e.event, e.service_ref, e.time])).toEqual([
      ['service_renewal', 'REF-SVC-56', '2025-12-01T00:00:00.000Z'],
      ['service_expiry', 'REF-SVC-57', '2025-12-15T00:00:00.000Z'],
      ['service_renewal', 'REF-SVC-56', '2026-01-01T00:00:00.000Z'],
    ]);
    expect(text).not.toContain('event: request');
  });

  it('moves each space on its own clock', async () => {
    await load(scenario([kvm('REF-SVC-61')]));
    const created = await api.admin('POST', '/spaces', {});
    expect(created.status).toBe(201);
    const id = created.body.space_id as string;
    const spaced = await fetch(`${api.origin}/spaces/${id}/__admin/clock`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-admin-token', 'content-type': 'application/json' },
      body: JSON.stringify({ advance: 'P1M' }),
    });
    expect((await spaced.json()).applied).toMatchObject([{ kind: 'service_renewal' }]);
    // The root's clock and account did not move.
    const root = (await api.admin('GET', '/clock')).body;
    expect(root.now).toBe('2026-01-01T00:00:00.000Z');
    expect(root.next_events).toEqual([
      {
        due_at: '2026-02-01T00:00:00.000Z',
        kind: 'service_renewal',
        account_ref: 'REF-ACCT-1',
        ref: 'REF-SVC-61',
      },
    ]);
    expect((await get('/invoices')).invoices).toEqual([]);
    await api.admin('DELETE', `/spaces/${id}`);
  });

  it('refuses a move that could apply more than 100,000 events in a space, changing nothing there', async () => {
    await load(scenario(tenKvms()));
    const id = (await api.admin('POST', '/spaces', {})).body.space_id as string;
    const spaceAdmin = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${api.origin}/spaces/${id}/__admin${path}`, {
        method,
        headers: { authorization: 'Bearer test-admin-token', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    };
    const before = (await spaceAdmin('GET', '/state')).body;
    for (const body of [{ advance: 'P1000Y' }, { now: '3026-01-01T00:00:00Z' }]) {
      const res = await spaceAdmin('POST', '/clock', body);
      expect([res.status, res.body], JSON.stringify(body)).toEqual([409, { error: tooMany }]);
    }
    expect((await spaceAdmin('GET', '/state')).body).toEqual(before);
    expect((await spaceAdmin('GET', '/clock')).body.now).toBe('2026-01-01T00:00:00.000Z');
    expect(clockEvents((await spaceAdmin('GET', '/requests')).body.requests)).toEqual([]);
    // A month at a time it moves: ten renewals.
    const moved = await spaceAdmin('POST', '/clock', { advance: 'P1M' });
    expect([moved.status, moved.body.applied.length]).toEqual([200, 10]);
    await api.admin('DELETE', `/spaces/${id}`);
  });

  it("states its clock in every answer's Date header: API and admin, refusals, spaces", async () => {
    await load(scenario([kvm('REF-SVC-71')]));
    const dateOf = (reply: { headers: Headers }) => reply.headers.get('date');
    expect(dateOf(await api.call('GET', '/me', { key: KEY }))).toBe(
      'Thu, 01 Jan 2026 00:00:00 GMT',
    );
    const refused = await api.call('GET', '/me', { key: 'refak_not_a_key' });
    expect(refused.status).toBe(401);
    expect(dateOf(refused)).toBe('Thu, 01 Jan 2026 00:00:00 GMT');
    await advance('P1M');
    expect(dateOf(await api.call('GET', '/balance', { key: KEY }))).toBe(
      'Sun, 01 Feb 2026 00:00:00 GMT',
    );
    expect(dateOf(await api.admin('GET', '/clock'))).toBe('Sun, 01 Feb 2026 00:00:00 GMT');
    // A space states its own clock, moved apart from the root's.
    const id = (await api.admin('POST', '/spaces', { from: 'current' })).body.space_id as string;
    const moved = await fetch(`${api.origin}/spaces/${id}/__admin/clock`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-admin-token', 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 86_400 }),
    });
    expect(moved.headers.get('date')).toBe('Mon, 02 Feb 2026 00:00:00 GMT');
    const inSpace = await fetch(`${api.origin}/spaces/${id}/v1/me`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(inSpace.headers.get('date')).toBe('Mon, 02 Feb 2026 00:00:00 GMT');
    expect(dateOf(await api.call('GET', '/me', { key: KEY }))).toBe(
      'Sun, 01 Feb 2026 00:00:00 GMT',
    );
    await api.admin('DELETE', `/spaces/${id}`);
  });
});

describe('a served server on a running clock', () => {
  const api = useApi('http', {});

  // The first clock_event on the admin request stream, or undefined after `waitMs`.
  const firstClockEvent = async (path: string, waitMs: number) => {
    const stream = await fetch(`${api.origin}${path}`, {
      headers: { authorization: 'Bearer test-admin-token' },
      signal: AbortSignal.timeout(waitMs),
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return undefined;
        text += decoder.decode(value, { stream: true });
        const event = /event: clock_event\ndata: (.*)\n/.exec(text);
        if (event !== null) return JSON.parse(event[1] as string) as Record<string, unknown>;
      }
    } catch {
      return undefined;
    } finally {
      void reader.cancel().catch(() => {});
    }
  };

  it('applies a renewal the moment it falls due, with no request to notice it', async () => {
    // Due 600 ms after the load, on a clock that runs: only the stream, opened before, listens.
    const document = {
      ...scenario([kvm('REF-SVC-21')]),
      now: '2026-01-31T23:59:59.400Z',
      frozen: false,
    };
    expect((await api.admin('POST', '/scenario', document)).status).toBe(200);
    const event = await firstClockEvent('/__admin/requests/stream', 5_000);
    expect(event).toMatchObject({
      kind: 'clock_event',
      event: 'service_renewal',
      service_ref: 'REF-SVC-21',
      time: '2026-02-01T00:00:00.000Z',
    });
  });

  it('does so in a space, on its own clock', async () => {
    expect((await api.admin('POST', '/scenario', scenario([kvm('REF-SVC-22')]))).status).toBe(200);
    const created = await api.admin('POST', '/spaces', {});
    const id = (created.body as { space_id: string }).space_id;
    const moved = await api.at('POST', `/spaces/${id}/__admin/clock`, {
      headers: { authorization: 'Bearer test-admin-token' },
      body: { now: '2026-01-31T23:59:59.400Z', frozen: false },
    });
    expect(moved.status).toBe(200);
    const event = await firstClockEvent(`/spaces/${id}/__admin/requests/stream`, 5_000);
    expect(event).toMatchObject({ event: 'service_renewal', service_ref: 'REF-SVC-22' });
    await api.admin('DELETE', `/spaces/${id}`);
  });
});
