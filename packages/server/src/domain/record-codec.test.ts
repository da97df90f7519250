import type { Invoice, Transaction } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { recordCodecs } from './record-codec';
import { recordSchemas } from './records';

const invoice: Invoice = {
  invoice_ref: 'REF-INV-1',
  kind: 'service_renewal',
  transaction_kind: 'debit',
  amount: 0.29,
  fee: 0.1,
  penalty: 0,
  vat_amount: 19.99,
  vat_rate: 0.19,
  currency: 'EUR',
  status: 'paid',
  issue_date: '2026-01-01T00:00:00.000Z',
  description: 'Renewal',
  customer_payable: false,
};

const plan = {
  plan_ref: 'REF-PLAN-1',
  name: 'KVM S',
  code: 'kvm-s',
  service_type: 'kvm' as const,
  price_eur: 4.99,
  periods: [],
  os_images: [],
  regions: [],
  addons: [{ addon_ref: 'REF-ADDON-1', name: 'extra-ipv4', price_eur: 1.1 }],
  active: true,
  private: false,
  currency: 'EUR' as const,
  purchase_url: 'https://example.test/kvm-s',
};

describe('recordCodecs', () => {
  it('stores money as exact integer cents beside the owner, and gives back the JSON amounts', () => {
    const record = recordCodecs.invoices.toRecord(invoice, 'REF-ACCT-1');
    expect(record).toMatchObject({
      account_ref: 'REF-ACCT-1',
      amount_cents: 29,
      fee_cents: 10,
      penalty_cents: 0,
      vat_amount_cents: 1999,
    });
    expect(record).not.toHaveProperty('amount');
    expect(recordSchemas.invoices.parse(record)).toEqual(record);
    const back = recordCodecs.invoices.toJson(record);
    expect(back).toEqual(invoice);
    expect(back).not.toHaveProperty('account_ref');
  });

  it('refuses a sub-cent amount instead of rounding it away', () => {
    const txn = { ...invoice, amount: 1.005 } as unknown as Transaction;
    expect(() => recordCodecs.transactions.toRecord(txn, 'REF-ACCT-1')).toThrow(RangeError);
  });

  it('refuses a missing amount rather than reusing the previous record’s', () => {
    recordCodecs.invoices.toRecord(invoice, 'REF-ACCT-1');
    const { fee, ...feeless } = invoice;
    expect(() => recordCodecs.invoices.toRecord(feeless as Invoice, 'REF-ACCT-1')).toThrow(
      RangeError,
    );
  });

  it('converts nested and optional plan prices, leaving absent ones absent', () => {
    const record = recordCodecs.plans.toRecord(plan);
    expect(record.price_eur_cents).toBe(499);
    expect(record.addons).toEqual([
      { addon_ref: 'REF-ADDON-1', name: 'extra-ipv4', price_eur_cents: 110 },
    ]);
    expect(record).not.toHaveProperty('period_prices_cents');
    expect(recordCodecs.plans.toJson(record)).toEqual(plan);

    const periodic = recordCodecs.plans.toRecord({
      ...plan,
      period_prices: { monthly: 4.99, yearly: 49.9 },
    });
    expect(periodic.period_prices_cents).toEqual({ monthly: 499, yearly: 4990 });
    expect(recordCodecs.plans.toJson(periodic).period_prices).toEqual({
      monthly: 4.99,
      yearly: 49.9,
    });
  });

  it('keeps an account record free of the lists its partition holds', () => {
    const identity = { account_ref: 'REF-ACCT-1', email: 'a@example.test', status: 'active' };
    const person = { first_name: 'A', last_name: 'B', country_code: 'DE', preferred_locale: 'de' };
    const account = {
      ...identity,
      ...person,
      account_currency: 'EUR' as const,
      balance: -12.34,
      vat_rate: 0.19,
      billing_profile_complete: true,
      shield: null,
    };
    const record = recordCodecs.accounts.toRecord({
      ...account,
      api_keys: [],
      services: [],
      invoices: [],
      orders: [],
      transactions: [],
    } as typeof account);
    expect(record.balance_cents).toBe(-1234);
    expect(Object.keys(record)).not.toContain('api_keys');
    expect(Object.keys(record)).not.toContain('services');
    expect(recordCodecs.accounts.toJson(record)).toEqual(account);
  });

  it('keeps a service’s additional properties and reseller flag, adding only the owner', () => {
    const service = { service_ref: 'REF-SVC-1', name: 'web-1', type: 'kvm', status: 'active' };
    const resold = { ...service, service_plan_name: 'KVM S', auto_renew: false, reseller: true };
    // `datacenter` is not in the public Service: an additional property it allows.
    const json = { ...resold, datacenter: 'FSN1' };
    const record = recordCodecs.services.toRecord(json, 'REF-ACCT-1');
    expect(record).toEqual({ ...json, account_ref: 'REF-ACCT-1' });
    expect(recordCodecs.services.toJson(record)).toEqual(json);
  });
});
