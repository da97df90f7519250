import { scenario } from '@refapi/server/vitest';

/** The API key of {@link accountScenario}. */
export const A1_KEY = 'refak_a1full';

/** One EUR account with Shield, one active KVM and `invoices` generated invoices. */
export function accountScenario(options: { invoices?: number; balance?: number } = {}) {
  return scenario()
    .now('2026-01-01T00:00:00Z')
    .rates({})
    .plan({
      name: 'KVM S',
      period_prices: { monthly: 5 },
      addons: [],
      stock: 1000,
    })
    .account({
      accountRef: 'REF-ACCT-A1',
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      balance: options.balance ?? 1000,
      vatRate: 0.19,
    })
    .withShield('active')
    .withKvm({ serviceRef: 'REF-SVC-A1', ip: '203.0.113.10', name: 'vm-1' })
    .key(['*'], { token: A1_KEY })
    .generate({ invoices: options.invoices ?? 0 })
    .build();
}
