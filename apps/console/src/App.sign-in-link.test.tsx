// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeAdmin } from '../test/fake-admin';
import { App } from './App';

beforeEach(() => window.history.replaceState(null, '', '/__console/'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A signed-out browser opening the banner's link with `code` (fresh, or used before). */
function openLink(code: string, state: 'fresh' | 'used') {
  const server = fakeAdmin();
  server.session.in = false;
  server.codes.set(code, state);
  window.history.replaceState(null, '', `/__console/?code=${code}#shield`);
  render(<App />);
  return server;
}

it('signs in with the link’s code and takes the code out of the address bar', async () => {
  const server = openLink('fresh-code', 'fresh');
  await screen.findByRole('navigation', { name: 'Views' });
  expect(window.location.search).toBe('');
  expect(window.location.pathname + window.location.hash).toBe('/__console/#shield');
  const exchange = server.fetch.mock.calls.find(
    ([url, init]) => url === '/__admin/session' && init?.method === 'POST',
  );
  // The code goes in a header, never in a URL the console requests.
  expect(exchange?.[1]?.headers).toMatchObject({ 'x-refapi-sign-in-code': 'fresh-code' });
  expect(server.calls.some((call) => call.includes('fresh-code'))).toBe(false);
  expect(server.codes.get('fresh-code')).toBe('used');
});

it('says a used link was used, on the sign-in page, with where the token comes from', async () => {
  openLink('old-code', 'used');
  const notice = await screen.findByTestId('sign-in-notice');
  expect(notice.textContent).toMatch(/^This sign-in link was used already/);
  expect(window.location.search).toBe('');
  expect(screen.getByLabelText('Admin token')).toBeTruthy();
  const help = screen.getByText(/admin token:/, { selector: 'code' }).parentElement!;
  expect(help.textContent).toContain('--admin-token');
  expect(help.textContent).toContain('REF_ADMIN_TOKEN');
});

it('an old link opened while still signed in just opens the console', async () => {
  const server = fakeAdmin();
  window.history.replaceState(null, '', '/__console/?code=stale');
  render(<App />);
  await screen.findByRole('navigation', { name: 'Views' });
  expect(window.location.search).toBe('');
  expect(server.calls).toContain('GET /__admin/whoami');
});
