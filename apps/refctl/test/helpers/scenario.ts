import type { ScenarioInput } from '@refapi/server';

/** Fixed start of the server clock (frozen: time moves only through the admin API). */
const NOW = '2026-01-01T00:00:00.000Z';

/** Keys of the test scenario. */
export const KEYS = {
  full: 'refak_e2e_full_0001',
  readOnly: 'refak_e2e_read_0002',
  noShield: 'refak_e2e_noshield3',
  many: 'refak_e2e_many_0004',
  /** Used up by the rate-limit test only. */
  rate: 'refak_e2e_rate_0005',
} as const;

const plan = {
  plan_ref: 'REF-PLAN-1',
  name: 'KVM S',
  code: 'kvm-s',
  service_type: 'kvm',
  price_eur: 5,
  period_prices: { monthly: 5, yearly: 50 },
  periods: [{ period_ref: 'REF-PERIOD-1', name: 'monthly', months: 1 }],
  os_images: [{ os_image_ref: 'REF-OS-1', name: 'debian-13' }],
  regions: [{ region_ref: 'REF-REGION-1', countries: ['DE', 'FR', 'GB', 'US'] }],
  addons: [{ addon_ref: 'REF-ADDON-1', name: 'ipv4', price_eur: 1 }],
  stock: 100,
  purchase_url: 'https://example.test/buy/kvm-s',
  specs: { cores: 2, ram_gb: 4, disk_gb: 40, bandwidth_mbps: 1000 },
} satisfies NonNullable<ScenarioInput['plans']>[number];

const person = {
  country_code: 'DE',
  account_currency: 'EUR' as const,
  preferred_locale: 'en-GB',
  status: 'active',
  vat_rate: 0.19,
};

/**
 * The e2e scenario: Ada (Shield active, two services, 2 invoices, 12.50 EUR: enough for
 * one KVM S but not three), Bob (no Shield) and Cy (230 generated invoices for `--all`).
 */
export const scenario: ScenarioInput = {
  now: NOW,
  frozen: true,
  plans: [plan],
  accounts: [
    {
      ...person,
      account_ref: 'REF-ACCT-A1',
      email: 'ada@example.test',
      first_name: 'Ada',
      last_name: 'Lovelace',
      balance: 12.5,
      shield: { status: 'active' },
      api_keys: [
        { token: KEYS.full, scopes: ['*'] },
        {
          token: KEYS.readOnly,
          scopes: ['account:read', 'finance:read', 'services:read', 'shield:read'],
        },
        { token: KEYS.rate, scopes: ['*'] },
      ],
      services: [
        {
          service_ref: 'REF-SVC-A1',
          name: 'vm-1',
          service_plan_name: 'KVM S',
          type: 'kvm',
          status: 'active',
          auto_renew: false,
          primary_ip: '203.0.113.10',
        },
        {
          service_ref: 'REF-SVC-A2',
          name: 'box-1',
          service_plan_name: 'Storage 1T',
          type: 'storage_box',
          status: 'active',
          auto_renew: true,
        },
      ],
      invoices: [
        {
          invoice_ref: 'REF-INV-A2',
          kind: 'service_renewal',
          transaction_kind: 'debit',
          amount: 5.95,
          fee: 0,
          penalty: 0,
          vat_amount: 0.95,
          vat_rate: 0.19,
          currency: 'EUR',
          status: 'paid',
          issue_date: '2025-12-01T00:00:00.000Z',
          description: '=HYPERLINK("x") renewal, vm-1',
          customer_payable: true,
          service_ref: 'REF-SVC-A1',
        },
        {
          invoice_ref: 'REF-INV-A1',
          kind: 'top_up',
          transaction_kind: 'credit',
          amount: 20,
          fee: 0,
          penalty: 0,
          vat_amount: 0,
          vat_rate: 0,
          currency: 'EUR',
          status: 'paid',
          issue_date: '2025-11-01T00:00:00.000Z',
          description: 'Balance top-up',
          customer_payable: false,
        },
      ],
    },
    {
      ...person,
      account_ref: 'REF-ACCT-B1',
      email: 'bob@example.test',
      first_name: 'Bob',
      last_name: 'Byte',
      balance: 0,
      api_keys: [{ token: KEYS.noShield, scopes: ['*'] }],
      services: [
        {
          service_ref: 'REF-SVC-B1',
          name: 'vm-b',
          service_plan_name: 'KVM S',
          type: 'kvm',
          status: 'active',
          auto_renew: false,
          primary_ip: '203.0.113.20',
        },
      ],
    },
    {
      ...person,
      account_ref: 'REF-ACCT-C1',
      email: 'cy@example.test',
      first_name: 'Cy',
      last_name: 'Many',
      balance: 1000,
      api_keys: [{ token: KEYS.many, scopes: ['*'] }],
      generate: { invoices: 230, transactions: 0, services: 0 },
    },
  ],
};
