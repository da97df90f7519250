// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { entry } from '../../test/entry';
import { EntryDetail } from './EntryDetail';

afterEach(cleanup);

it('shows a request whose path is not valid percent-encoding, raw, with curl only', () => {
  // An unauthenticated call to /v1/services/%E0%A4%A/power is journalled as powerService.
  const malformed = entry({
    operation: 'powerService',
    method: 'POST',
    path: '/v1/services/%E0%A4%A/power',
    status: 401,
  });
  render(<EntryDetail entry={malformed} onClose={vi.fn()} />);
  expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(
    'POST /v1/services/%E0%A4%A/power',
  );
  // The SDK and refctl encode what they are given: neither can send this path again.
  expect(screen.queryByRole('button', { name: 'Copy as refctl' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Copy as SDK call' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Copy as curl' }));
  expect(screen.getByTestId('copy-snippet').textContent).toContain('/v1/services/%E0%A4%A/power');
});

it('offers no copy of a request whose body the journal truncated: it would send another', () => {
  const truncated = entry({
    operation: 'createOrder',
    method: 'POST',
    path: '/v1/orders',
    status: 400,
    request: {
      headers: { 'content-type': 'application/json' },
      body: `{"items": [${'{"n": 1}, '.repeat(1700)}`,
      body_truncated: true,
    },
  });
  render(<EntryDetail entry={truncated} onClose={vi.fn()} />);
  expect(screen.queryByRole('button', { name: /^Copy as/ })).toBeNull();
  expect(
    screen.getByText(
      'No copy: the journal kept only part of the request body, so a copied command would send another request.',
    ),
  ).toBeTruthy();
});

it('shows a request body refused as too large as not kept, not as empty', () => {
  const refused = entry({
    operation: 'createOrder',
    method: 'POST',
    path: '/v1/orders',
    status: 413,
    request: { headers: { 'content-length': '2000000' }, body: '', body_truncated: true },
  });
  render(<EntryDetail entry={refused} onClose={vi.fn()} />);
  expect(screen.getByTestId('request-body').textContent).toBe('(not kept)');
  expect(screen.getByText('not kept')).toBeTruthy();
  expect(screen.queryByText('truncated at 16 KiB')).toBeNull();
  expect(screen.queryByRole('button', { name: /^Copy as/ })).toBeNull();
  expect(
    screen.getByText(
      'No copy: the journal kept none of the request body, so a copied command would send another request.',
    ),
  ).toBeTruthy();
});
