import { describe, expect, it } from 'vitest';
import type { Plan } from './plan';
import {
  amountToCents,
  applyRateCents,
  convertCentsByRates,
  describePrice,
  formatCents,
  priceOrder,
} from './pricing';

const plan: Plan = {
  plan_ref: 'REF-PLAN-1',
  name: 'KVM S',
  code: 'kvm-s',
  service_type: 'kvm',
  purchase_url: 'https://shop.example.test/kvm-s',
  account_price: { currency: 'EUR', base: 5, final: 5.95 },
  vat_rate: 0.19,
  periods: [
    { period_ref: 'REF-PERIOD-11', name: 'monthly', months: 1, net: 5 },
    { period_ref: 'REF-PERIOD-12', name: 'yearly', months: 12, net: 50 },
  ],
  addons: [
    { addon_ref: 'REF-ADDON-11', name: 'extra-ipv4', monthly_net: 1 },
    { addon_ref: 'REF-ADDON-12', name: 'backup', monthly_net: 2.5 },
  ],
};

describe('priceOrder', () => {
  it('prices the chosen period, not the monthly base', () => {
    const result = priceOrder(plan, { period_ref: 'REF-PERIOD-12' });
    expect(result).toMatchObject({
      ok: true,
      price: { net_cents: 5000, vat_cents: 950, total_cents: 5950, currency: 'EUR' },
    });
  });

  it('adds each addon as monthly_net × units × months, then VAT on the sum', () => {
    const result = priceOrder(plan, {
      period_ref: 'REF-PERIOD-12',
      addons: [
        { addon_ref: 'REF-ADDON-11', units: 2 },
        { addon_ref: 'REF-ADDON-12', units: 1 },
      ],
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.price.lines).toEqual([
      { label: 'plan kvm-s (yearly)', net_cents: 5000 },
      { label: 'addon extra-ipv4 × 2', net_cents: 2400 },
      { label: 'addon backup × 1', net_cents: 3000 },
    ]);
    // 104.00 × 0.19 = 19.76
    expect([result.price.net_cents, result.price.vat_cents, result.price.total_cents]).toEqual([
      10400, 1976, 12376,
    ]);
    expect(describePrice(result.price)).toBe('104.00 EUR net + 19.76 EUR VAT (19 %) = 123.76 EUR');
  });

  it('defaults to the monthly period; refuses periods and addons the plan does not offer', () => {
    expect(priceOrder(plan, {})).toMatchObject({ ok: true, price: { total_cents: 595 } });
    expect(priceOrder(plan, { period_ref: 'REF-PERIOD-99' })).toEqual({
      ok: false,
      error: 'period_not_offered',
    });
    expect(priceOrder(plan, { addons: [{ addon_ref: 'REF-ADDON-99', units: 1 }] })).toEqual({
      ok: false,
      error: 'addon_not_offered',
    });
    const { vat_rate: _, ...withoutVat } = plan;
    expect(priceOrder(withoutVat, {})).toEqual({ ok: false, error: 'catalog_without_prices' });
  });

  it('rounds VAT and conversions half-up, in integers', () => {
    // 0.05 × 0.5 = 0.025 → 0.03 (a float product would give 0.024999…)
    expect(applyRateCents(5, 0.5)).toBe(3);
    expect(applyRateCents(1, 0.49)).toBe(0);
    // 1.05 EUR at 1.1 USD/EUR = 1.155 → 1.16
    expect(convertCentsByRates(105, 1, 1.1)).toBe(116);
    expect(convertCentsByRates(116, 1.1, 1.1)).toBe(116);
  });
});

describe('amounts and cents', () => {
  it('reads every amount of two decimals as the cents it names, however large', () => {
    // × 100 in floating point: 3571050414086538.5 (rounded up a cent) and 123456789012.00002.
    expect(amountToCents(35710504140865.38)).toBe(3571050414086538);
    expect(amountToCents(1234567890.12)).toBe(123456789012);
    expect(amountToCents(-35710504140865.38)).toBe(-3571050414086538);
    for (let i = 0; i < 10_000; i++) {
      const cents = Math.floor(Math.random() * 2 ** 46 * 100);
      const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(amountToCents(JSON.parse(text) as number), text).toBe(cents);
      expect(formatCents(cents, 'EUR'), text).toBe(`${text} EUR`);
    }
    // Finer than a cent: the nearest, as before.
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(amountToCents(1.006)).toBe(101);
  });

  it('writes cents as an amount of two decimals, negative ones too', () => {
    expect(formatCents(595, 'EUR')).toBe('5.95 EUR');
    expect(formatCents(-5, 'USD')).toBe('-0.05 USD');
    expect(formatCents(0, 'GBP')).toBe('0.00 GBP');
  });
});
