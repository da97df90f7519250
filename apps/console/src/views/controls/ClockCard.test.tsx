// @vitest-environment happy-dom

import type { NextEvent } from '@refapi/server/browser';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeAdmin } from '../../../test/fake-admin';
import type { Run } from './Card';
import { ClockCard } from './ClockCard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NEXT: NextEvent[] = [
  {
    due_at: '2026-01-15T00:00:00.000Z',
    kind: 'shield_grace_end',
    account_ref: 'REF-ACCT-3',
    ref: 'REF-ACCT-3',
  },
  {
    due_at: '2026-02-01T00:00:00.000Z',
    kind: 'service_renewal',
    account_ref: 'REF-ACCT-1',
    ref: 'REF-SVC-101',
  },
];

it('shows the next events, moves a month, then what the move applied', async () => {
  const applied = [
    {
      kind: 'service_renewal',
      due_at: '2026-02-01T00:00:00.000Z',
      account_ref: 'REF-ACCT-1',
      service_ref: 'REF-SVC-101',
      amount: 5.95,
      currency: 'EUR',
    },
    {
      kind: 'service_suspension',
      due_at: '2026-02-01T00:00:00.000Z',
      account_ref: 'REF-ACCT-3',
      service_ref: 'REF-SVC-301',
      amount: 7.14,
      currency: 'GBP',
    },
  ];
  const admin = fakeAdmin({
    clock: { now: '2026-02-01T00:00:00.000Z', frozen: true, applied },
  });
  const applyClock = vi.fn();
  const server = {
    clock: { now: '2026-01-01T00:00:00.000Z', frozen: true, next_events: NEXT },
    now: Date.parse('2026-01-01T00:00:00.000Z'),
    refresh: async () => undefined,
    applyClock,
  };
  const run: Run = async (_label, action) => {
    await action();
  };
  render(<ClockCard server={server} run={run} />);

  const next = screen.getByRole('region', { name: 'Next events' });
  expect(
    within(next)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    '2026-01-15 00:00 shield grace end REF-ACCT-3',
    '2026-02-01 00:00 service renewal REF-SVC-101',
  ]);

  fireEvent.click(screen.getByRole('button', { name: 'advance 1 month' }));
  const last = await screen.findByRole('region', { name: 'The last move applied 2 events' });
  expect(
    within(last)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    '2026-02-01 00:00 service renewal REF-SVC-101 5.95 EUR',
    '2026-02-01 00:00 service suspension REF-SVC-301 7.14 GBP',
  ]);
  const post = admin.fetch.mock.calls.find(
    ([path, init]) => path === '/__admin/clock' && init?.method === 'POST',
  );
  expect(JSON.parse(String(post?.[1]?.body))).toEqual({ advance: 'P1M' });
  expect(applyClock).toHaveBeenCalledWith(
    expect.objectContaining({ now: '2026-02-01T00:00:00.000Z' }),
  );
});
