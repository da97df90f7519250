import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/validate';
import { scenario } from '../testing/scenario-builder';
import { catalogPlan, isSaleable, planPrice } from './catalog';
import { recordCodecs } from './record-codec';

const plans = parseScenario(
  scenario()
    .plan({ code: 'ok', price_eur: 10, period_prices: { monthly: 10, yearly: 100 } })
    .plan({ code: 'private', private: true })
    .plan({ code: 'inactive', active: false })
    .plan({ code: 'usd', currency: 'USD' })
    .plan({ code: 'finland', regions: [{ region_ref: 'REF-REGION-F1', countries: ['FI'] }] })
    .plan({ code: 'global', regions: [] })
    .build(),
).plans.map((plan) => recordCodecs.plans.toRecord(plan));

describe('catalog', () => {
  it('sells only active, public, EUR-priced plans placeable for the country', () => {
    expect(plans.filter((p) => isSaleable(p, 'DE')).map((p) => p.code)).toEqual(['ok', 'global']);
    expect(plans.filter((p) => isSaleable(p, 'FI')).map((p) => p.code)).toEqual([
      'finland',
      'global',
    ]);
  });

  it('converts prices into the account currency, final = base + VAT', () => {
    const price = planPrice(plans[0]!, 'GBP', 0.2, { EUR: 1, USD: 1.08, GBP: 0.86 });
    expect(price).toEqual({
      currency: 'GBP',
      baseCents: 860,
      finalCents: 1032,
      periodPricesCents: { monthly: 860, yearly: 8600 },
    });
  });

  it('prices a plan for an account from its record, its rates and the account alone', () => {
    const plan = plans[0]!;
    const rates = { EUR: 1, USD: 1.08, GBP: 0.86 };
    const de = { account_currency: 'EUR', vat_rate: 0.19, country_code: 'DE' } as const;
    const gb = { account_currency: 'GBP', vat_rate: 0.2, country_code: 'GB' } as const;
    const view = catalogPlan(plan, de, rates);
    expect(catalogPlan(plan, { ...de }, rates)).toEqual(view);
    expect(catalogPlan(plan, gb, rates).account_price).toEqual({
      currency: 'GBP',
      base: 8.6,
      final: 10.32,
      period_prices: { monthly: 8.6, yearly: 86 },
    });
    // A changed record or new rates are priced afresh, never from an earlier view.
    expect(catalogPlan({ ...plan, stock: 0 }, de, rates).in_stock).toBe(false);
    expect(catalogPlan(plan, de, { ...rates, EUR: 1 }).account_price.final).toBe(
      view.account_price.final,
    );
    expect(catalogPlan(plan, gb, { ...rates, GBP: 0.5 }).account_price.base).toBe(5);
    expect(catalogPlan(plan, gb, rates).account_price.base).toBe(8.6);
  });
});
