// @vitest-environment happy-dom
import type { SpaceInfo } from '@refapi/server/browser';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { FakeEventSource, fakeAdmin } from '../test/fake-admin';
import { App } from './App';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const space = (id: string, name: string | null, requests = 0): SpaceInfo => ({
  space_id: id,
  name,
  created_at: '2026-01-01T00:00:00.000Z',
  last_used_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-01T01:00:00.000Z',
  requests,
});

const STORED = 'refapi-console-space';
const streamUrl = () => FakeEventSource.instances.at(-1)?.url;
const switcher = () => screen.getByTestId('space-select') as HTMLSelectElement;

async function open() {
  render(<App />);
  await screen.findByRole('navigation', { name: 'Views' });
}

it('lists Root and each space with its requests; choosing one moves every call there', async () => {
  const server = fakeAdmin({ spaces: [space('sp_a', 'ci-run', 3), space('sp_b', null)] });
  await open();
  await waitFor(() => expect(switcher().options).toHaveLength(3));
  expect([...switcher().options].map((option) => option.textContent)).toEqual([
    'Root',
    'ci-run · 3 requests',
    'sp_b · 0 requests',
  ]);
  expect(streamUrl()).toBe('/__admin/requests/stream');

  fireEvent.change(switcher(), { target: { value: 'sp_a' } });
  await waitFor(() => expect(streamUrl()).toBe('/spaces/sp_a/__admin/requests/stream'));
  // The root's stream closed; the space's state and clock were read.
  expect(FakeEventSource.instances.at(-2)?.readyState).toBe(FakeEventSource.CLOSED);
  await waitFor(() => expect(server.calls).toContain('GET /spaces/sp_a/__admin/state'));
  expect(server.calls).toContain('GET /spaces/sp_a/__admin/clock');
  expect(sessionStorage.getItem(STORED)).toBe('sp_a');

  fireEvent.change(switcher(), { target: { value: '' } });
  await waitFor(() => expect(streamUrl()).toBe('/__admin/requests/stream'));
  expect(sessionStorage.getItem(STORED)).toBeNull();
});

it('opens in the space the tab showed before a reload', async () => {
  sessionStorage.setItem(STORED, 'sp_a');
  const server = fakeAdmin({ spaces: [space('sp_a', 'ci-run')] });
  await open();
  expect(switcher().value).toBe('sp_a');
  await waitFor(() => expect(streamUrl()).toBe('/spaces/sp_a/__admin/requests/stream'));
  await waitFor(() => expect(server.calls).toContain('GET /spaces/sp_a/__admin/state'));
  expect(server.calls.filter((call) => call.includes(' /__admin/state'))).toEqual([]);
  expect(screen.queryByTestId('space-notice')).toBeNull();
});

it('goes back to Root with a notice once the space answers space_not_found', async () => {
  sessionStorage.setItem(STORED, 'sp_gone');
  fakeAdmin({ spaces: [space('sp_a', 'ci-run')] });
  await open();
  const notice = await screen.findByTestId('space-notice');
  expect(notice.textContent).toMatch(
    /^Space sp_gone no longer exists \(deleted elsewhere, or expired unused\); showing Root\./,
  );
  expect(switcher().value).toBe('');
  expect(sessionStorage.getItem(STORED)).toBeNull();
  await waitFor(() => expect(streamUrl()).toBe('/__admin/requests/stream'));
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByTestId('space-notice')).toBeNull();
});

it('notices a space deleted elsewhere while shown: the next listing lacks it', async () => {
  sessionStorage.setItem(STORED, 'sp_a');
  const server = fakeAdmin({ spaces: [space('sp_a', 'ci-run')] });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    await open();
    await waitFor(() => expect(streamUrl()).toBe('/spaces/sp_a/__admin/requests/stream'));
    server.spaces.splice(0);
    vi.advanceTimersByTime(5_000);
    const notice = await screen.findByTestId('space-notice');
    expect(notice.textContent).toMatch(/^Space "ci-run" \(sp_a\) no longer exists/);
    expect(switcher().value).toBe('');
  } finally {
    vi.useRealTimers();
  }
});

it('drops a space from the switcher once it answers space_not_found, before the next listing', async () => {
  sessionStorage.setItem(STORED, 'sp_a');
  const server = fakeAdmin({ spaces: [space('sp_a', 'ci-run'), space('sp_b', null)] });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    await open();
    await waitFor(() => expect(switcher().options).toHaveLength(3));
    // Deleted elsewhere; no listing runs again, but the space's own state is read.
    server.spaces.splice(0, 1);
    fireEvent.click(screen.getByRole('link', { name: 'Controls' }));
    await screen.findByTestId('space-notice');
    expect([...switcher().options].map((option) => option.textContent)).toEqual([
      'Root',
      'sp_b · 0 requests',
    ]);
  } finally {
    vi.useRealTimers();
  }
});
