import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
} from '../src/index';
import { DEMO, type Harness, TRANSPORTS } from './helpers/reference';

// Every method of the SDK against the reference server, once in-process and once over HTTP.
describe.each(TRANSPORTS)('every method, %s', (_name, start) => {
  let h: Harness;
  beforeAll(async () => {
    h = await start();
  });
  afterAll(() => h.close());
  const client = () => h.client();

  it('account.get', async () => {
    const account = await client().account.get();
    expect(account.account_ref).toBe('REF-ACCT-1');
    expect(account.rateLimit?.limit).toBe(600);
  });

  it('balance.get with and without a display currency', async () => {
    const plain = await client().balance.get();
    expect(plain.currency).toBe('EUR');
    expect(plain.display).toBeUndefined();
    const shown = await client().balance.get({ displayCurrency: 'USD' });
    expect(shown.display?.currency).toBe('USD');
    expect(shown.display?.rate).toBe(1.08);
  });

  it('invoices.list, orders.list, transactions.list, plans.list: first pages', async () => {
    const invoices = await client().invoices.list({ limit: 5 });
    expect(invoices.items).toHaveLength(5);
    expect(invoices.hasMore).toBe(true);
    const orders = await client().orders.list();
    expect(orders.items.length).toBeGreaterThan(0);
    const transactions = await client().transactions.list({ limit: 3 });
    expect(transactions.items).toHaveLength(3);
    const plans = await client().plans.list({ type: 'kvm', display_currency: 'GBP' });
    expect(plans.items.every((p) => p.service_type === 'kvm')).toBe(true);
    expect(plans.items[0]?.display_price?.currency).toBe('GBP');
  });

  it('plans.find: the plan for sale with that code, undefined when there is none', async () => {
    const plan = await client().plans.find('kvm', 'kvm-s');
    expect(plan).toMatchObject({ code: 'kvm-s', service_type: 'kvm' });
    expect(plan?.account_price.currency).toBe('EUR');
    expect(await client().plans.find('kvm', 'no-such-plan')).toBeUndefined();
    expect(await client().plans.find('storage_box', 'kvm-s')).toBeUndefined();
  });

  it('services.list with filters, stats, get', async () => {
    const kvms = await client().services.list({ type: 'kvm', status: 'active' });
    expect(kvms.items.length).toBeGreaterThan(0);
    expect(kvms.items.every((s) => s.type === 'kvm' && s.status === 'active')).toBe(true);
    const stats = await client().services.stats();
    expect(stats.total).toBeGreaterThanOrEqual(kvms.items.length);
    const { service } = await client().services.get(DEMO.kvm);
    expect(service.service_ref).toBe(DEMO.kvm);
  });

  it('services.setAutoRenew reports whether it changed', async () => {
    const { service } = await client().services.get(DEMO.kvm);
    const flipped = await client().services.setAutoRenew(DEMO.kvm, !service.auto_renew);
    expect(flipped).toMatchObject({ auto_renew: !service.auto_renew, changed: true });
    const again = await client().services.setAutoRenew(DEMO.kvm, !service.auto_renew);
    expect(again.changed).toBe(false);
  });

  it('services.power', async () => {
    const result = await client().services.power(DEMO.kvm, 'reboot');
    expect(result).toMatchObject({ service_ref: DEMO.kvm, action: 'reboot', accepted: true });
  });

  it('orders.create, then the same key replays', async () => {
    const key = `methods-${h.transport}`;
    const body = { type: 'kvm', plan_code: 'kvm-s' } as const;
    const first = await client().orders.create(body, { idempotencyKey: key });
    expect(first.idempotent_replayed).toBe(false);
    const again = await client().orders.create(body, { idempotencyKey: key });
    expect(again.idempotent_replayed).toBe(true);
    expect(again.service_ref).toBe(first.service_ref);
  });

  it('shield overview, capabilities, presets, profiles, rules, telemetry, export, evidence', async () => {
    const shield = client().shield(DEMO.kvm);
    const overview = await shield.overview();
    expect(overview.entitlement.tier).toBe('advanced');
    const capabilities = await shield.capabilities();
    expect(capabilities.presets.map((p) => p.code)).toContain('block-udp-amplification');

    const preset = await shield.presets.apply('block-udp-amplification');
    expect(preset.rule.kind).toBe('preset');
    const profile = await shield.profiles.apply('low');
    expect(profile.profile.code).toBe('low');

    const { rule } = await shield.rules.create({
      name: 'drop dns',
      mode: 'enforce',
      action: 'drop',
      risk: 'low',
      protocol: 'udp',
      destination_port: 53,
    });
    const listed = await shield.rules.list();
    expect(listed.rules.map((r) => r.id)).toContain(rule.id);

    const traffic = await shield.traffic({ window_hours: 2, group_by: 'protocol' });
    expect(traffic.telemetry).toBe('traffic');
    const activity = await shield.protectionActivity({ window_hours: 1 });
    expect(activity.telemetry).toBe('protection-activity');
    const json = await shield.export({ dataset: 'traffic', format: 'json' });
    expect(json.items.length).toBeLessThanOrEqual(100);
    const csv = await shield.export({ dataset: 'traffic', format: 'csv' });
    expect(csv.startsWith('key,packets,bytes,samples\r\n')).toBe(true);

    const evidence = await shield.evidence(rule.id, { limit: 10 });
    expect(evidence.items.length).toBeLessThanOrEqual(10);

    await expect(shield.rules.delete(rule.id)).resolves.toBeUndefined();
  });

  it('maps API errors to typed errors', async () => {
    await expect(client().services.get('REF-SVC-FFFF')).rejects.toBeInstanceOf(NotFoundError);
    await expect(h.client('refak_nope').account.get()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(
      h.client(DEMO.eurReadKey).services.power(DEMO.kvm, 'reboot'),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    const bad = await client()
      .invoices.list({ limit: 500 })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).code).toMatch(/^invalid_query/);
  });
});
