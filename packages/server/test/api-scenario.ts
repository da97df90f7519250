// The scenario of the API suites: two accounts, every service lifecycle, keys per scope.
import { scenario } from '../src/testing/scenario-builder';

/** Start of the frozen server clock. */
export const T0 = '2026-01-01T00:00:00.000Z';

/** Service refs by role. */
export const SVC = {
  kvm: 'REF-SVC-A1',
  suspended: 'REF-SVC-A2',
  cancelled: 'REF-SVC-A3',
  dedicated: 'REF-SVC-A4',
  reseller: 'REF-SVC-A5',
  expired: 'REF-SVC-A6',
  foreign: 'REF-SVC-B1',
  missing: 'REF-SVC-FFFF',
} as const;

/** Keys by role. */
export const KEY = {
  full: 'refak_api_a_full',
  catalogOnly: 'refak_api_a_catalog',
  accountOnly: 'refak_api_a_account',
  tenNet: 'refak_api_a_tennet',
  loopback: 'refak_api_a_loopback',
  foreign: 'refak_api_b_full',
  suspended: 'refak_api_c_full',
} as const;

/** Account A: EUR, balance 100, VAT 19 %; B: USD; C: suspended. */
export function apiScenario() {
  return scenario()
    .now(T0, { frozen: true })
    .plan({ code: 'kvm-s', price_eur: 5, period_prices: { monthly: 5, yearly: 50 } })
    .plan({ code: 'kvm-m', price_eur: 10, stock: 0 })
    .plan({ code: 'secret', private: true })
    .plan({ code: 'box', service_type: 'storage_box', price_eur: 3 })
    .account({ currency: 'EUR', balance: 100, vatRate: 0.19, accountRef: 'REF-ACCT-A' })
    .withKvm({ serviceRef: SVC.kvm, ip: '203.0.113.10' })
    .withKvm({ serviceRef: SVC.suspended, status: 'suspended' })
    .withKvm({ serviceRef: SVC.cancelled, status: 'cancelled' })
    .withService({ service_ref: SVC.dedicated, type: 'dedicated', primary_ip: '203.0.113.20' })
    .withKvm({ serviceRef: SVC.reseller, reseller: true })
    .withService({ service_ref: SVC.expired, type: 'storage_box', status: 'expired' })
    .withShield('active')
    .key(['*'], { token: KEY.full })
    .key(['catalog:read'], { token: KEY.catalogOnly })
    .key(['account:read'], { token: KEY.accountOnly })
    .key(['*'], { token: KEY.tenNet, allowedIps: ['10.0.0.0/8'] })
    .key(['*'], { token: KEY.loopback, allowedIps: ['127.0.0.1/32', '::1'] })
    .account({ currency: 'USD', balance: 50, accountRef: 'REF-ACCT-B' })
    .withKvm({ serviceRef: SVC.foreign })
    .key(['*'], { token: KEY.foreign })
    .account({ currency: 'GBP', status: 'suspended', accountRef: 'REF-ACCT-C' })
    .key(['*'], { token: KEY.suspended })
    .build();
}
