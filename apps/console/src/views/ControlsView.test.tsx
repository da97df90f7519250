// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { CONTROLS } from '../../test/controls-document';
import { fakeAdmin } from '../../test/fake-admin';
import { adminIn } from '../space-api';
import type { Spaces } from '../use-spaces';
import { ControlsView } from './ControlsView';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const server = {
  clock: { now: '2026-01-01T00:00:00.000Z', frozen: true },
  now: Date.parse('2026-01-01T00:00:00.000Z'),
  refresh: async () => undefined,
  applyClock: () => undefined,
};

const spaces: Spaces = {
  list: [],
  selected: undefined,
  api: adminIn(undefined),
  notice: undefined,
  select: () => undefined,
  create: () => Promise.reject(new Error('not in these tests')),
  remove: async () => undefined,
  dismissNotice: () => undefined,
};

it('renders a form per control from GET /__admin/controls and posts its body', async () => {
  const admin = fakeAdmin({ controls: CONTROLS });
  render(<ControlsView server={server} spaces={spaces} />);
  const power = (await screen.findByLabelText('Power')) as HTMLSelectElement;
  expect(power.value).toBe('ok');
  expect((screen.getByLabelText('Latency (ms)') as HTMLInputElement).value).toBe('0');
  // The clock keeps its own card: no second form for it.
  expect(screen.queryByRole('button', { name: 'Apply clock' })).toBeNull();

  fireEvent.change(power, { target: { value: 'reject' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply faults' }));
  await screen.findByText('Faults: done.');
  expect(admin.posted).toEqual([
    { path: '/__admin/faults', body: { power: 'reject', shield: 'ok', latency_ms: 0 } },
  ]);

  fireEvent.click(screen.getByLabelText('Paused'));
  fireEvent.change(screen.getByLabelText('Until (UTC, ISO 8601)'), {
    target: { value: '2026-02-01T10:00:00' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Apply shield' }));
  await screen.findByText('Shield: done.');
  expect(admin.posted[1]).toEqual({
    path: '/__admin/shield',
    body: { paused: true, retry_after: 30, until: '2026-02-01T10:00:00.000Z', reason: null },
  });
  expect(admin.calls).toContain('POST /__admin/shield');
});

it('explains each control and shows what is applied, outside the form', async () => {
  fakeAdmin({ controls: CONTROLS });
  render(<ControlsView server={server} spaces={spaces} />);
  const faults = await screen.findByRole('region', { name: 'Faults' });
  expect(faults.getAttribute('aria-describedby')).toBe('card-faults-about');
  expect(document.getElementById('card-faults-about')?.textContent).toMatch(/^Makes the simulated/);
  expect(screen.getByText(/^Outcome of power actions/).id).toBe('faults-power-hint');
  expect(screen.getByTestId('applied-faults').textContent).toBe(
    'applied: power=ok · shield=ok · latency_ms=0',
  );
  fireEvent.change(screen.getByLabelText('Power'), { target: { value: 'fail' } });
  // Not applied until the server has it.
  expect(screen.getByTestId('applied-faults').textContent).toContain('power=ok');
  fireEvent.click(screen.getByRole('button', { name: 'Apply faults' }));
  await waitFor(() =>
    expect(screen.getByTestId('applied-faults').textContent).toBe(
      'applied: power=fail · shield=ok · latency_ms=0',
    ),
  );
});

it('takes a UTC time as ISO 8601 text and refuses a locale date', async () => {
  fakeAdmin({ controls: CONTROLS });
  render(<ControlsView server={server} spaces={spaces} />);
  const until = (await screen.findByLabelText('Until (UTC, ISO 8601)')) as HTMLInputElement;
  expect(until.type).toBe('text');
  fireEvent.change(until, { target: { value: '02/01/2026 10:00 AM' } });
  expect(until.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText(/^Use ISO 8601 in UTC/)).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Apply shield' }) as HTMLButtonElement).disabled).toBe(
    true,
  );
  const setTo = screen.getByLabelText('Set to (UTC, ISO 8601)') as HTMLInputElement;
  expect(setTo.type).toBe('text');
});

it('says why when the server does not describe its controls', async () => {
  fakeAdmin();
  render(<ControlsView server={server} spaces={spaces} />);
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Controls unavailable: not_found (404)',
  );
  expect(screen.getByRole('button', { name: 'advance 10 s' })).toBeTruthy();
});
