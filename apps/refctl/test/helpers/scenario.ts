import { Account } from '@refapi/schema';
import type { ScenarioInput } from '@refapi/server';
import { scenario as build } from '@refapi/server/vitest';
import { z } from 'zod';

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

/**
 * The e2e scenario: Ada (Shield active, two services, 2 invoices, 12.50 EUR: enough for
 * one KVM S but not three), Bob (no Shield) and Cy (230 generated invoices for `--all`).
 */
export const scenario: ScenarioInput = build()
  .now(NOW, { frozen: true })
  .plan({ name: 'KVM S' })
  .account({
    accountRef: 'REF-ACCT-A1',
    email: 'ada@example.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    balance: 12.5,
    vatRate: 0.19,
  })
  .withShield('active')
  .key(['*'], { token: KEYS.full })
  .key(['account:read', 'finance:read', 'services:read', 'shield:read'], { token: KEYS.readOnly })
  .key(['*'], { token: KEYS.rate })
  .withKvm({ serviceRef: 'REF-SVC-A1', name: 'vm-1', ip: '203.0.113.10' })
  .withService({
    service_ref: 'REF-SVC-A2',
    name: 'box-1',
    service_plan_name: 'Storage 1T',
    type: 'storage_box',
    auto_renew: true,
  })
  // A formula in a description: CSV output must neutralise it.
  .withInvoice({
    invoice_ref: 'REF-INV-A2',
    issue_date: '2025-12-01T00:00:00.000Z',
    description: '=HYPERLINK("x") renewal, vm-1',
    service_ref: 'REF-SVC-A1',
  })
  .withInvoice({
    invoice_ref: 'REF-INV-A1',
    kind: 'top_up',
    transaction_kind: 'credit',
    amount: 20,
    vat_amount: 0,
    vat_rate: 0,
    issue_date: '2025-11-01T00:00:00.000Z',
    description: 'Balance top-up',
    customer_payable: false,
  })
  .account({ accountRef: 'REF-ACCT-B1', firstName: 'Bob', lastName: 'Byte', balance: 0 })
  .key(['*'], { token: KEYS.noShield })
  .withKvm({ serviceRef: 'REF-SVC-B1', name: 'vm-b', ip: '203.0.113.20' })
  .account({ accountRef: 'REF-ACCT-C1', firstName: 'Cy', lastName: 'Many', balance: 1000 })
  .key(['*'], { token: KEYS.many })
  .generate({ invoices: 230 })
  .build();

/** Ada's account as GET /me answers it: the fields of the contract, read off the scenario. */
export const ADA: Account = z.object(Account.shape).parse(scenario.accounts?.[0]);
