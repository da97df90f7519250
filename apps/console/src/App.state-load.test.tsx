// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeAdmin } from '../test/fake-admin';
import { App } from './App';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const show = (view: string) =>
  act(() => {
    window.location.hash = `#${view}`;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });

it('a failed state load says so in the views, not "Loading state…"', async () => {
  fakeAdmin({ stateFails: { status: 503, error: 'state_unavailable' } });
  render(<App />);
  await screen.findByRole('alert');
  for (const view of ['accounts', 'shield']) {
    show(view);
    const main = screen.getByRole('main');
    expect(main.textContent).not.toContain('Loading state');
    expect(main.textContent).toContain('State not loaded');
  }
});

it('the header shows no clock until the server has said its time', async () => {
  // A scenario's clock far from the browser's: the browser's time must never show as the server's.
  fakeAdmin({ stateFails: { status: 503, error: 'state_unavailable' } });
  render(<App />);
  await screen.findByRole('alert');
  expect(screen.getByTestId('server-clock').textContent).toBe('—');
});

it('the header shows the server clock once it has answered', async () => {
  fakeAdmin({ clock: { now: '2031-05-06T07:08:09.000Z', frozen: true } });
  render(<App />);
  await vi.waitFor(() =>
    expect(screen.getByTestId('server-clock').textContent).toBe('2031-05-06 07:08:09'),
  );
});
