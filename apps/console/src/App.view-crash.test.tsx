// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { fakeAdmin } from '../test/fake-admin';

// The Accounts view crashes while rendering as long as `crashes` says so.
const accounts = vi.hoisted(() => ({ crashes: true }));
vi.mock('./views/AccountsView', () => ({
  AccountsView: () => {
    if (accounts.crashes) throw new URIError('URI malformed');
    return <p>accounts here</p>;
  },
}));

// Files share their worker's modules (isolate: false): App is imported afresh below, so that
// it gets the mocked view, and dropped after this file, so that no other file gets it.
beforeAll(() => {
  vi.resetModules();
});
afterAll(() => {
  vi.resetModules();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const show = (view: string) =>
  act(() => {
    window.location.hash = `#${view}`;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });

it('a view that crashes shows an error panel; the rest of the console keeps working', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the crash
  fakeAdmin();
  const { App } = await import('./App');
  render(<App />);
  await screen.findByRole('navigation', { name: 'Views' });
  show('accounts');

  // Found, not got: on a loaded machine the view's chunk may render a tick later.
  const main = await screen.findByRole('main', { name: 'Accounts' });
  expect(main.querySelector('h2')?.textContent).toBe('The Accounts view stopped');
  expect(screen.getByRole('alert').textContent).toContain('URIError: URI malformed');
  expect(screen.getByRole('link', { name: 'Back to Journal' }).getAttribute('href')).toBe(
    '#journal',
  );
  // The shell is still there, and another view renders normally.
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  show('journal');
  expect(
    screen.getByRole('listbox', { name: 'Requests and clock events, newest first' }),
  ).toBeTruthy();

  // Back on the view, "Try again" mounts it afresh.
  show('accounts');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  accounts.crashes = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(screen.getByText('accounts here')).toBeTruthy();
});
