import type { CreateOrderRequest, Plan } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors/cli-error';
import {
  describeQuote,
  planVatPercent,
  quoteOrder,
  quoteTotal,
  refuseOutOfStock,
} from './order-quote';

const plan = (patch: Partial<Plan> = {}): Plan => ({
  plan_ref: 'REF-PLAN-1',
  name: 'KVM S',
  code: 'kvm-s',
  service_type: 'kvm',
  purchase_url: 'https://example.test/buy/kvm-s',
  account_price: {
    currency: 'EUR',
    base: 5,
    final: 5.95,
    period_prices: { monthly: 5, yearly: 50 },
  },
  vat_rate: 0.19,
  periods: [
    { period_ref: 'REF-PERIOD-11', name: 'monthly', months: 1, net: 5 },
    { period_ref: 'REF-PERIOD-12', name: 'yearly', months: 12, net: 50 },
  ],
  addons: [{ addon_ref: 'REF-ADDON-11', name: 'extra-ipv4', monthly_net: 1 }],
  ...patch,
});

describe('the order quote', () => {
  it('prices the chosen period with VAT: the yearly order is the yearly price', () => {
    const body = { type: 'kvm', plan_code: 'kvm-s', period_ref: 'REF-PERIOD-12' } as const;
    const price = quoteOrder(plan(), body);
    expect(describeQuote(plan(), price)).toBe(
      'kvm-s "KVM S", yearly: 50.00 EUR net + 9.50 EUR VAT (19 %) = 59.50 EUR',
    );
    expect(quoteTotal(price)).toBe('59.50 EUR');
    const monthly = quoteOrder(plan(), { type: 'kvm', plan_code: 'kvm-s' });
    expect(quoteTotal(monthly)).toBe('5.95 EUR');
  });

  it('finds the rate the server applied despite cent rounding', () => {
    // 3.81 × 19% = 0.7239 → 0.72: the ratio alone reads 18.9%.
    expect(planVatPercent({ currency: 'EUR', base: 3.81, final: 4.53 })).toBe(19);
    expect(planVatPercent({ currency: 'EUR', base: 49, final: 58.31 })).toBe(19);
    expect(planVatPercent({ currency: 'EUR', base: 10, final: 10.55 })).toBe(5.5);
    expect(planVatPercent({ currency: 'CHF' as 'EUR', base: 100, final: 107.7 })).toBe(7.7);
    // The catalog's own rate wins when it carries one.
    expect(planVatPercent({ currency: 'EUR', base: 3.81, final: 4.53 }, 0.2)).toBe(20);
  });

  it('prices addon lines as monthly_net × units × months, then VAT on the sum', () => {
    const body = {
      type: 'kvm',
      plan_code: 'kvm-s',
      period_ref: 'REF-PERIOD-12',
      addons: [{ addon_ref: 'REF-ADDON-11', units: 2 }],
    } satisfies CreateOrderRequest;
    expect(describeQuote(plan(), quoteOrder(plan(), body))).toBe(
      'kvm-s "KVM S", yearly: plan 50.00 + addon extra-ipv4 × 2 24.00 = 74.00 EUR net + 14.06 EUR VAT (19 %) = 88.06 EUR',
    );
  });

  it('refuses a period or addon the catalog does not offer (exit 1), before buying', () => {
    const refusal = (body: Parameters<typeof quoteOrder>[1]) => {
      try {
        quoteOrder(plan(), body);
      } catch (e) {
        return [(e as CliError).message, (e as CliError).exitCode];
      }
      return undefined;
    };
    expect(refusal({ type: 'kvm', plan_code: 'kvm-s', period_ref: 'REF-PERIOD-99' })).toEqual([
      'plan kvm-s offers no period REF-PERIOD-99; see: refctl plans get kvm-s -o json',
      1,
    ]);
    expect(
      refusal({
        type: 'kvm',
        plan_code: 'kvm-s',
        addons: [{ addon_ref: 'REF-ADDON-99', units: 1 }],
      }),
    ).toEqual([
      'plan kvm-s offers no addon among REF-ADDON-99; see: refctl plans get kvm-s -o json',
      1,
    ]);
  });

  it('refuses an out-of-stock plan (exit 1); a plan without the flag passes', () => {
    expect(() => refuseOutOfStock(plan({ in_stock: true }))).not.toThrow();
    expect(() => refuseOutOfStock(plan())).not.toThrow();
    const error = (() => {
      try {
        refuseOutOfStock(plan({ in_stock: false, code: 'kvm-m', name: 'KVM M' }));
      } catch (e) {
        return e as CliError;
      }
    })();
    expect(error).toBeInstanceOf(CliError);
    expect(error?.message).toBe(
      'plan kvm-m "KVM M" is out of stock; see: refctl plans list --type kvm',
    );
    expect(error?.exitCode).toBe(1);
  });
});
