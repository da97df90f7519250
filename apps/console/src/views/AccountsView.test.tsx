// @vitest-environment happy-dom
import type { StateDocument } from '@refapi/server/browser';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { AccountsView } from './AccountsView';

afterEach(cleanup);

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();

/** One account with 25 orders and invoices (oldest first, as a scenario lists them). */
const STATE = {
  rates: { EUR: 1, USD: 1.08, GBP: 0.86 },
  plans: [],
  accounts: [
    {
      account_ref: 'REF-ACCT-1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      country_code: 'GB',
      status: 'active',
      shield: null,
      balance: 10,
      account_currency: 'EUR',
      vat_rate: 0.2,
      api_keys: [],
      services: ['REF-SVC-99', 'REF-SVC-101', 'REF-SVC-100'].map((ref) => ({
        service_ref: ref,
        name: ref,
        type: 'kvm',
        status: 'active',
        auto_renew: true,
      })),
      orders: Array.from({ length: 25 }, (_, i) => ({
        order_ref: `REF-ORD-${i + 1}`,
        order_type: 'new',
        status: 'completed',
        amount: 1,
        currency: 'EUR',
        description: `order ${i + 1}`,
        created_at: day(i),
      })),
      invoices: Array.from({ length: 3 }, (_, i) => ({
        invoice_ref: `REF-INV-${i + 1}`,
        kind: 'invoice',
        status: 'paid',
        amount: 1,
        currency: 'EUR',
        issue_date: day(i),
        description: `invoice ${i + 1}`,
      })),
      transactions: [],
    },
  ],
} as unknown as StateDocument;

const firstColumn = (name: RegExp) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

it('lists services, orders and invoices newest first', () => {
  render(<AccountsView state={STATE} />);
  expect(firstColumn(/^Services/)).toEqual(['REF-SVC-101', 'REF-SVC-100', 'REF-SVC-99']);
  expect(firstColumn(/^Orders/).slice(0, 3)).toEqual(['REF-ORD-25', 'REF-ORD-24', 'REF-ORD-23']);
  expect(firstColumn(/^Invoices/)).toEqual(['REF-INV-3', 'REF-INV-2', 'REF-INV-1']);
  expect(screen.getByRole('heading', { name: 'Orders (25), newest first' })).toBeTruthy();
});

it('grows a long table with "Show more" instead of scrolling inside it', () => {
  render(<AccountsView state={STATE} />);
  expect(document.querySelector('.table-scroll')).toBeNull();
  expect(firstColumn(/^Orders/)).toHaveLength(10);
  fireEvent.click(screen.getByRole('button', { name: 'Show 10 more' }));
  expect(firstColumn(/^Orders/)).toHaveLength(20);
  fireEvent.click(screen.getByRole('button', { name: 'Show all 25' }));
  expect(firstColumn(/^Orders/)).toHaveLength(25);
  expect(firstColumn(/^Orders/).at(-1)).toBe('REF-ORD-1');
  expect(screen.queryByRole('button', { name: /^Show/ })).toBeNull();
});
