import { operations } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { demoScenario } from '../src/index';
import { TRANSPORTS, useApi } from './api-harness';

describe.each(TRANSPORTS)('plans over %s', (transport) => {
  const api = useApi(transport, { scenario: demoScenario });

  it('lists saleable plans only, priced in the account currency', async () => {
    const res = await api.call('GET', '/plans', { key: 'refak_demo_usd_full' });
    expect(res.status).toBe(200);
    const page = operations.listPlans.success.schema.parse(res.body);
    expect(page.plans.map((p) => p.code)).toEqual(['sb-1tb', 'ded-d1', 'kvm-m', 'kvm-s']);
    const kvm = page.plans.find((p) => p.code === 'kvm-s');
    expect(kvm?.account_price).toEqual({
      currency: 'USD',
      base: 5.4,
      final: 5.4,
      period_prices: { monthly: 5.4, yearly: 54 },
    });
  });

  it('filters by type and adds a display price on request', async () => {
    const res = await api.call('GET', '/plans?type=kvm&display_currency=GBP', {
      key: 'refak_demo_eur_full',
    });
    const kvm = res.body.plans.find((p: { code: string }) => p.code === 'kvm-s');
    expect(res.body.plans.map((p: { code: string }) => p.code)).toEqual(['kvm-m', 'kvm-s']);
    expect(kvm.account_price).toMatchObject({ currency: 'EUR', base: 5, final: 5.95 });
    expect(kvm.display_price).toMatchObject({ currency: 'GBP', base: 4.3, final: 5.12 });
  });

  it('pages with a plan cursor and rejects bad queries', async () => {
    const first = await api.call('GET', '/plans?limit=3', { key: 'refak_demo_eur_full' });
    expect(first.body.pagination).toEqual({ limit: 3, has_more: true, next_cursor: 'REF-PLAN-2' });
    const next = await api.call(
      'GET',
      `/plans?limit=3&cursor=${first.body.pagination.next_cursor}`,
      {
        key: 'refak_demo_eur_full',
      },
    );
    expect(next.body.plans.map((p: { code: string }) => p.code)).toEqual(['kvm-s']);
    expect(next.body.pagination).toEqual({ limit: 3, has_more: false });
    const bad = await api.call('GET', '/plans?type=vps', { key: 'refak_demo_eur_full' });
    expect([bad.status, bad.body]).toEqual([400, { error: 'invalid_query: type' }]);
  });
});

describe.each(TRANSPORTS)('plan catalog refs over %s', (transport) => {
  // Ada buys from France: the `ash` region sells only to the US, GB and DE.
  const api = useApi(transport, {
    scenario: {
      ...demoScenario,
      accounts: demoScenario.accounts?.map((account) =>
        account.account_ref === 'REF-ACCT-1' ? { ...account, country_code: 'FR' } : account,
      ),
    },
  });

  it('names what an order may pick, with refs and names, and the stock', async () => {
    const res = await api.call('GET', '/plans?type=kvm', { key: 'refak_demo_eur_full' });
    const page = operations.listPlans.success.schema.parse(res.body);
    const kvm = page.plans.find((p) => p.code === 'kvm-s');
    expect(kvm).toMatchObject({
      in_stock: true,
      periods: [
        { period_ref: 'REF-PERIOD-11', name: 'monthly' },
        { period_ref: 'REF-PERIOD-12', name: 'yearly' },
      ],
      os_images: [
        { os_image_ref: 'REF-OS-11', name: 'debian-13' },
        { os_image_ref: 'REF-OS-12', name: 'ubuntu-24.04' },
        { os_image_ref: 'REF-OS-13', name: 'windows-server-2022' },
      ],
      regions: [{ region_ref: 'REF-REGION-11', name: 'fsn1' }],
      addons: [
        { addon_ref: 'REF-ADDON-11', name: 'extra-ipv4' },
        { addon_ref: 'REF-ADDON-12', name: 'backup' },
      ],
    });
    expect(page.plans.find((p) => p.code === 'kvm-m')?.in_stock).toBe(false);
  });

  it('lists refs an order of the plan is accepted with', async () => {
    const res = await api.call('GET', '/plans?type=kvm', { key: 'refak_demo_eur_full' });
    const kvm = res.body.plans.find((p: { code: string }) => p.code === 'kvm-s');
    const order = await api.call('POST', '/orders', {
      key: 'refak_demo_eur_full',
      idempotencyKey: 'catalog-refs-1',
      body: {
        type: 'kvm',
        plan_code: 'kvm-s',
        period_ref: kvm.periods[1].period_ref,
        os_image_ref: kvm.os_images[0].os_image_ref,
        region_ref: kvm.regions[0].region_ref,
        addons: [{ addon_ref: kvm.addons[0].addon_ref, units: 1 }],
      },
    });
    expect(order.status).toBe(200);
  });
});
