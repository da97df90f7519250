import type { Plan } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import {
  inStock,
  optionChoice,
  periodChoice,
  planChoice,
  planOptions,
  priceLabel,
  specsLabel,
} from './plan-choices';

/** A plan as GET /plans answers it, with the catalog's additional properties. */
const plan = (extra: Record<string, unknown> = {}): Plan =>
  ({
    plan_ref: 'REF-PLAN-1',
    name: 'KVM S',
    code: 'kvm-s',
    service_type: 'kvm',
    purchase_url: 'https://example.test/buy/kvm-s',
    account_price: { currency: 'EUR', base: 5, final: 5.95, period_prices: { monthly: 5 } },
    ...extra,
  }) as Plan;

describe('priceLabel', () => {
  it('gives the account price with its VAT included and labelled', () => {
    expect(priceLabel({ currency: 'EUR', base: 5, final: 5.95 })).toBe('5.95 EUR incl. 19% VAT');
    expect(priceLabel({ currency: 'GBP', base: 10, final: 12 })).toBe('12.00 GBP incl. 20% VAT');
    // The rate that gives the server's cents (19%), not the plain ratio (18.9%).
    expect(priceLabel({ currency: 'EUR', base: 3.81, final: 4.53 })).toBe('4.53 EUR incl. 19% VAT');
  });

  it('says when no VAT applies, and keeps a free plan plain', () => {
    expect(priceLabel({ currency: 'USD', base: 4, final: 4 })).toBe('4.00 USD, no VAT');
    expect(priceLabel({ currency: 'EUR', base: 0, final: 0 })).toBe('0.00 EUR');
  });
});

describe('planChoice', () => {
  it('shows name, price, stock and specs', () => {
    const choice = planChoice(
      plan({ in_stock: true, specs: { cores: 2, ram_gb: 4, disk_gb: 40, bandwidth_mbps: 1000 } }),
    );
    expect(choice).toMatchObject({
      label: 'kvm-s',
      hint: 'KVM S · 5.95 EUR incl. 19% VAT · in stock · 2 cores, 4 GB RAM, 40 GB disk, 1000 Mbit/s',
      disabled: undefined,
    });
    expect(planChoice(plan({ stock: 7 })).hint).toBe('KVM S · 5.95 EUR incl. 19% VAT · 7 in stock');
  });

  it('shows an out-of-stock plan but makes it unselectable', () => {
    expect(planChoice(plan({ in_stock: false })).disabled).toBe('out of stock');
    expect(planChoice(plan({ stock: 0 })).disabled).toBe('out of stock');
    expect(inStock(plan({ in_stock: false }))).toBe(false);
  });

  it('offers a plan whose stock the server does not say', () => {
    expect(inStock(plan())).toBe(true);
    expect(planChoice(plan())).toMatchObject({ hint: 'KVM S · 5.95 EUR incl. 19% VAT' });
    expect(specsLabel(plan({ specs: { cores: 1 } }))).toBe('1 core');
    expect(specsLabel(plan({ specs: 'big' }))).toBeUndefined();
  });
});

describe('planOptions', () => {
  it("reads the plan's periods, OS images and regions", () => {
    const options = planOptions(
      plan({
        periods: [{ period_ref: 'REF-PERIOD-11', name: 'monthly', months: 1 }],
        os_images: [{ os_image_ref: 'REF-OS-11', name: 'debian-13' }],
        regions: [{ region_ref: 'REF-REGION-11', name: 'fsn1', countries: ['DE', 'FR'] }],
      }),
    );
    expect(options).toEqual({
      periods: [{ ref: 'REF-PERIOD-11', name: 'monthly', months: 1, countries: undefined }],
      osImages: [{ ref: 'REF-OS-11', name: 'debian-13', months: undefined, countries: undefined }],
      regions: [{ ref: 'REF-REGION-11', name: 'fsn1', months: undefined, countries: ['DE', 'FR'] }],
    });
  });

  it('reads them defensively: absent, not arrays, or entries without a ref are skipped', () => {
    expect(planOptions(plan())).toEqual({ periods: [], osImages: [], regions: [] });
    const odd = planOptions(
      plan({
        periods: 'monthly',
        os_images: [null, 7, { name: 'x' }],
        regions: [{ region_ref: 'R' }],
      }),
    );
    expect(odd.periods).toEqual([]);
    expect(odd.osImages).toEqual([]);
    expect(odd.regions.map((r) => r.ref)).toEqual(['R']);
  });
});

describe('optionChoice', () => {
  it('labels by name with the ref and length as hint', () => {
    expect(optionChoice({ ref: 'REF-PERIOD-12', name: 'yearly', months: 12 })).toEqual({
      label: 'yearly',
      value: 'REF-PERIOD-12',
      hint: 'REF-PERIOD-12 · 12 months',
      disabled: undefined,
    });
    expect(optionChoice({ ref: 'REF-REGION-11' }).label).toBe('REF-REGION-11');
  });

  it("disables a region not sold to the account's country", () => {
    const ash = { ref: 'REF-REGION-12', name: 'ash', countries: ['US', 'GB'] };
    expect(optionChoice(ash, 'DE').disabled).toBe('not sold to DE');
    expect(optionChoice(ash, 'US').disabled).toBeUndefined();
    expect(optionChoice(ash).disabled).toBeUndefined();
  });
});

describe('periodChoice', () => {
  it('shows what the whole period costs with VAT, by the server price rule', () => {
    const priced = plan({
      vat_rate: 0.19,
      periods: [{ period_ref: 'REF-PERIOD-12', name: 'yearly', months: 12, net: 50 }],
    });
    expect(periodChoice(priced, { ref: 'REF-PERIOD-12', name: 'yearly', months: 12 })).toEqual({
      label: 'yearly',
      value: 'REF-PERIOD-12',
      hint: 'REF-PERIOD-12 · 12 months · 59.50 EUR incl. VAT',
      disabled: undefined,
    });
    // A catalog without prices: the period alone.
    expect(periodChoice(plan(), { ref: 'REF-PERIOD-12', name: 'yearly', months: 12 }).hint).toBe(
      'REF-PERIOD-12 · 12 months',
    );
  });
});
