import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/validate';
import { scenario } from '../testing/scenario-builder';
import { isSaleable, planPrice } from './catalog';
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
});
