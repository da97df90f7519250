import { CreateOrderRequest } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/validate';
import { scenario } from '../testing/scenario-builder';
import { DomainError } from './errors';
import { quoteOrder } from './orders';
import { recordCodecs } from './record-codec';

const doc = parseScenario(
  scenario()
    .plan({ code: 'kvm-s', price_eur: 5, period_prices: { monthly: 5, yearly: 50 } })
    .plan({ code: 'gone', stock: 0 })
    .plan({ code: 'hidden', private: true })
    .account({ currency: 'USD', balance: 100, vatRate: 0.2 })
    .build(),
);
const plans = doc.plans.map((plan) => recordCodecs.plans.toRecord(plan));
const account = recordCodecs.accounts.toRecord(doc.accounts[0]!);
const kvm = plans[0]!;
const request = (body: Record<string, unknown>) =>
  CreateOrderRequest.parse({ type: 'kvm', plan_code: 'kvm-s', ...body });
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'ok';
};

describe('quoteOrder', () => {
  it('prices in the account currency: period price + addons per month, plus VAT', () => {
    const monthly = kvm.periods[0]!;
    const addon = kvm.addons[0]!;
    const quote = quoteOrder(
      request({ addons: [{ addon_ref: addon.addon_ref, units: 2 }] }),
      account,
      plans,
      doc.rates,
    );
    // (5 + 2 × 1) EUR = 7.56 USD net, 1.51 VAT
    expect([quote.netCents, quote.vatCents, quote.totalCents]).toEqual([756, 151, 907]);
    expect(quote.period).toMatchObject({ name: monthly.name, months: 1 });
  });

  it('refuses what the plan does not offer with 422 and a stable code', () => {
    const rates = doc.rates;
    expect(codeOf(() => quoteOrder(request({ plan_code: 'nope' }), account, plans, rates))).toBe(
      '422 plan_not_available',
    );
    expect(codeOf(() => quoteOrder(request({ plan_code: 'hidden' }), account, plans, rates))).toBe(
      '422 plan_not_available',
    );
    expect(codeOf(() => quoteOrder(request({ type: 'dedicated' }), account, plans, rates))).toBe(
      '422 plan_not_available',
    );
    expect(codeOf(() => quoteOrder(request({ plan_code: 'gone' }), account, plans, rates))).toBe(
      '422 out_of_stock',
    );
    expect(
      codeOf(() => quoteOrder(request({ period_ref: 'REF-PERIOD-FF' }), account, plans, rates)),
    ).toBe('422 period_not_offered');
    expect(
      codeOf(() => quoteOrder(request({ region_ref: 'REF-REGION-FF' }), account, plans, rates)),
    ).toBe('422 region_not_offered');
    expect(
      codeOf(() => quoteOrder(request({ os_image_ref: 'REF-OS-FF' }), account, plans, rates)),
    ).toBe('422 os_image_not_offered');
    expect(codeOf(() => quoteOrder(request({ windows: true }), account, plans, rates))).toBe(
      '422 windows_not_offered',
    );
    expect(
      codeOf(() =>
        quoteOrder(
          request({ addons: [{ addon_ref: 'REF-ADDON-FF', units: 1 }] }),
          account,
          plans,
          rates,
        ),
      ),
    ).toBe('422 addon_not_offered');
  });

  it('refuses an incomplete billing profile, a short balance and an inactive account', () => {
    const rates = doc.rates;
    expect(
      codeOf(() =>
        quoteOrder(request({}), { ...account, billing_profile_complete: false }, plans, rates),
      ),
    ).toBe('422 billing_profile_incomplete');
    expect(
      codeOf(() => quoteOrder(request({}), { ...account, balance_cents: 647 }, plans, rates)),
    ).toBe('422 insufficient_balance');
    expect(
      codeOf(() => quoteOrder(request({}), { ...account, balance_cents: 648 }, plans, rates)),
    ).toBe('ok');
    expect(
      codeOf(() => quoteOrder(request({}), { ...account, status: 'suspended' }, plans, rates)),
    ).toBe('409 account_not_active');
  });
});
