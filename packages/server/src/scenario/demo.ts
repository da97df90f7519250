import { demoPlans } from './demo-plans';
import type { ScenarioInput } from './schema';

type ServiceInput = NonNullable<NonNullable<ScenarioInput['accounts']>[number]['services']>[number];

const kvm = (ref: string, name: string, ip: string, status = 'active'): ServiceInput => ({
  service_ref: ref,
  name,
  service_plan_name: 'KVM S',
  type: 'kvm',
  status,
  auto_renew: true,
  primary_ip: ip,
  ip_addresses: [ip],
  expires_at: '2026-02-01T00:00:00.000Z',
  power_state: 'running',
});

const other = (
  ref: string,
  name: string,
  type: string,
  plan: string,
  status = 'active',
): ServiceInput => ({
  service_ref: ref,
  name,
  service_plan_name: plan,
  type,
  status,
  auto_renew: false,
  expires_at: '2026-03-01T00:00:00.000Z',
});

/**
 * The Shield rule the demo ships: db-1 (REF-SVC-102) takes Postgres from the office network.
 * A fixed id, so the OpenAPI document's DELETE example (test/openapi-examples) names a rule
 * that a fresh demo server has.
 */
const OFFICE_POSTGRES_RULE = {
  id: '9d2f6c1a-4b8e-4f3a-b5c7-2e1d0a9f8b64',
  seq: 1,
  account_ref: 'REF-ACCT-1',
  service_ref: 'REF-SVC-102',
  protected_ip: '203.0.113.11',
  kind: 'custom',
  name: 'postgres-from-office',
  mode: 'enforce',
  action: 'pass',
  protocol: 'tcp',
  destination_port: 5432,
  source_cidr: '198.51.100.0/24',
  queued_at: Date.parse('2025-12-31T12:00:00.000Z'),
  outcome: 'ok',
} as const;

/**
 * The built-in `demo` scenario: a EUR account with Shield active and 40 services (one a
 * reseller service), a USD account without Shield, a GBP account whose Shield is in
 * grace (until 15 January) and whose balance is short of its KVM's renewal; 60 invoices;
 * one active Shield rule (on db-1, REF-SVC-102);
 * the 8-plan catalog. A month of clock (`P1M`) renews the KVMs of 1 February, suspends
 * the GBP account's, expires the services without auto-renew that end in January and
 * ends the Shield grace. Keys `refak_demo_<eur|usd|gbp>_full` hold all
 * scopes; `refak_demo_eur_read` only the read scopes.
 */
export const demoScenario: ScenarioInput = {
  now: '2026-01-01T00:00:00.000Z',
  rates: { EUR: 1, USD: 1.08, GBP: 0.86 },
  plans: demoPlans,
  accounts: [
    {
      account_ref: 'REF-ACCT-1',
      email: 'ada@example.test',
      first_name: 'Ada',
      last_name: 'Lovelace',
      country_code: 'DE',
      account_currency: 'EUR',
      preferred_locale: 'en-GB',
      status: 'active',
      balance: 250,
      vat_rate: 0.19,
      billing_profile_complete: true,
      shield: { status: 'active', grace_ends_at: null, mutations_blocked: false },
      api_keys: [
        { token: 'refak_demo_eur_full', scopes: ['*'], allowed_ips: [] },
        {
          token: 'refak_demo_eur_read',
          scopes: [
            'account:read',
            'balance:read',
            'finance:read',
            'services:read',
            'shield:read',
            'catalog:read',
          ],
          allowed_ips: [],
        },
      ],
      services: [
        kvm('REF-SVC-101', 'web-1', '203.0.113.10'),
        kvm('REF-SVC-102', 'db-1', '203.0.113.11'),
        kvm('REF-SVC-103', 'staging-1', '203.0.113.12', 'suspended'),
        kvm('REF-SVC-104', 'old-vm', '203.0.113.13', 'cancelled'),
        { ...kvm('REF-SVC-105', 'reseller-vm', '203.0.113.99'), reseller: true },
        other('REF-SVC-106', 'dedicated-1', 'dedicated', 'Dedicated D1'),
        other('REF-SVC-107', 'backup-box', 'storage_box', 'Storage Box 1TB'),
        other('REF-SVC-108', 'old-box', 'storage_box', 'Storage Box 1TB', 'expired'),
        other('REF-SVC-109', 'bucket-1', 's3', 'Object Storage'),
        other('REF-SVC-10A', 'game-1', 'game', 'Game Server'),
      ],
      orders: [
        {
          order_ref: 'REF-ORD-101',
          order_type: 'new_service',
          status: 'completed',
          amount: 5.95,
          currency: 'EUR',
          description: 'KVM S (monthly)',
          service_ref: 'REF-SVC-101',
          created_at: '2025-12-01T10:00:00.000Z',
        },
      ],
      transactions: [
        {
          transaction_ref: 'REF-TXN-101',
          kind: 'top_up',
          amount: 100,
          fee: 0,
          penalty: 0,
          vat_amount: 0,
          currency: 'EUR',
          status: 'completed',
          method: 'bank_transfer',
          description: 'Top-up from IBAN DE89 3704 0044 0532 0130 00',
          service_order: false,
          created_at: '2025-11-30T09:00:00.000Z',
        },
        {
          transaction_ref: 'REF-TXN-102',
          kind: 'top_up',
          amount: 50,
          fee: 0,
          penalty: 0,
          vat_amount: 0,
          currency: 'EUR',
          status: 'completed',
          method: 'card',
          description: 'Top-up by card 4111 1111 1111 1111',
          service_order: false,
          created_at: '2025-12-01T09:00:00.000Z',
        },
      ],
      generate: { services: 30, invoices: 40, transactions: 20 },
    },
    {
      account_ref: 'REF-ACCT-2',
      email: 'grace@example.test',
      first_name: 'Grace',
      last_name: 'Hopper',
      country_code: 'US',
      account_currency: 'USD',
      preferred_locale: 'en-US',
      status: 'active',
      balance: 80,
      vat_rate: 0,
      billing_profile_complete: true,
      shield: null,
      api_keys: [{ token: 'refak_demo_usd_full', scopes: ['*'], allowed_ips: [] }],
      services: [
        kvm('REF-SVC-201', 'app-1', '198.51.100.10'),
        other('REF-SVC-202', 'files', 'storage_box', 'Storage Box 1TB'),
      ],
      generate: { services: 0, invoices: 12, transactions: 6 },
    },
    {
      account_ref: 'REF-ACCT-3',
      email: 'alan@example.test',
      first_name: 'Alan',
      last_name: 'Turing',
      country_code: 'GB',
      account_currency: 'GBP',
      preferred_locale: 'en-GB',
      status: 'active',
      // Short of lab-1's renewal on 1 February (5.16 GBP): a month on, it is suspended.
      balance: 3,
      vat_rate: 0.2,
      billing_profile_complete: true,
      shield: {
        status: 'grace',
        grace_ends_at: '2026-01-15T00:00:00.000Z',
        mutations_blocked: false,
      },
      api_keys: [{ token: 'refak_demo_gbp_full', scopes: ['*'], allowed_ips: [] }],
      services: [kvm('REF-SVC-301', 'lab-1', '192.0.2.10')],
      generate: { services: 0, invoices: 8, transactions: 4 },
    },
  ],
  extensions: {
    shield: {
      version: 1,
      infrastructure_since: '2026-01-01T00:00:00.000Z',
      rules: [OFFICE_POSTGRES_RULE],
      profiles: [],
      next_seq: 2,
    },
  },
};
