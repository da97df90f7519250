// @vitest-environment happy-dom
import type { StateDocument } from '@refapi/server/browser';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeAdmin } from '../../../test/fake-admin';
import { adminIn } from '../../space-api';
import type { Spaces } from '../../use-spaces';
import { ControlsView } from '../ControlsView';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const account = (ref: string, currency: string, balance: number) =>
  ({ account_ref: ref, account_currency: currency, balance }) as StateDocument['accounts'][number];

const server = {
  clock: { now: '2026-01-01T00:00:00.000Z', frozen: true },
  now: Date.parse('2026-01-01T00:00:00.000Z'),
  refresh: vi.fn(async () => undefined),
  applyClock: () => undefined,
  state: {
    accounts: [account('REF-ACCT-1', 'EUR', 10), account('REF-ACCT-2', 'USD', 0.5)],
  } as StateDocument,
};

const spaces = { list: [], api: adminIn(undefined), select: () => undefined } as unknown as Spaces;

it('tops up the chosen account in its currency, then reloads the state', async () => {
  const admin = fakeAdmin();
  render(<ControlsView server={server} spaces={spaces} />);
  const accountField = screen.getByLabelText('Account') as HTMLSelectElement;
  expect([...accountField.options].map((o) => o.textContent)).toEqual([
    'REF-ACCT-1 (10.00 EUR)',
    'REF-ACCT-2 (0.50 USD)',
  ]);
  fireEvent.change(accountField, { target: { value: 'REF-ACCT-2' } });
  expect(screen.getByText('Amount (USD)')).toBeTruthy();
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '25.5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
  await screen.findByText('Top up REF-ACCT-2 by 25.50 USD: done.');
  expect(admin.posted).toEqual([
    { path: '/__admin/top-ups', body: { account_ref: 'REF-ACCT-2', amount: 25.5 } },
  ]);
  expect(server.refresh).toHaveBeenCalled();
  expect((screen.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe('');
});

it('takes no amount the server would refuse: zero, three decimals, past the maximum', () => {
  fakeAdmin();
  render(<ControlsView server={server} spaces={spaces} />);
  const amount = screen.getByLabelText(/^Amount/) as HTMLInputElement;
  const button = screen.getByRole('button', { name: 'Top up' }) as HTMLButtonElement;
  for (const bad of ['0', '1.005', '1000000000.01', '-5', '1e3', 'abc']) {
    fireEvent.change(amount, { target: { value: bad } });
    expect([bad, button.disabled, amount.getAttribute('aria-invalid')]).toEqual([
      bad,
      true,
      'true',
    ]);
  }
  fireEvent.change(amount, { target: { value: '1000000000' } });
  expect(button.disabled).toBe(false);
});
