import type { Plan } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors/cli-error';
import { describeQuote, refuseOutOfStock, vatLabel, vatPercent } from './order-quote';

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
  ...patch,
});

describe('the order quote', () => {
  it('labels the VAT with its rate and amount', () => {
    expect(describeQuote(plan(), { type: 'kvm', plan_code: 'kvm-s' })).toBe(
      'kvm-s "KVM S": 5.95 EUR (base 5.00 + VAT 19%: 0.95; monthly 5.00, yearly 50.00 before VAT)',
    );
    expect(vatLabel({ currency: 'USD', base: 5.4, final: 5.4 })).toBe('base 5.40, no VAT');
  });

  it('finds the rate the server applied despite cent rounding', () => {
    // 3.81 × 19% = 0.7239 → 0.72: the ratio alone reads 18.9%.
    expect(vatPercent({ currency: 'EUR', base: 3.81, final: 4.53 })).toBe(19);
    expect(vatPercent({ currency: 'EUR', base: 49, final: 58.31 })).toBe(19);
    expect(vatPercent({ currency: 'EUR', base: 10, final: 10.55 })).toBe(5.5);
    expect(vatPercent({ currency: 'CHF' as 'EUR', base: 100, final: 107.7 })).toBe(7.7);
  });

  it('mentions addon lines the server prices', () => {
    expect(
      describeQuote(plan({ account_price: { currency: 'EUR', base: 5, final: 5.95 } }), {
        type: 'kvm',
        plan_code: 'kvm-s',
        addons: [{ addon_ref: 'REF-ADDON-11', units: 2 }],
      }),
    ).toBe(
      'kvm-s "KVM S": 5.95 EUR (base 5.00 + VAT 19%: 0.95), plus 1 addon line(s) priced by the server',
    );
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
