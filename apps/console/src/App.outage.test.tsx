// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { FakeEventSource, fakeAdmin } from '../test/fake-admin';
import { App } from './App';
import { outageText } from './OutageBanner';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The journal's event stream, once the console has opened it (waitFor retries a throw). */
const journalStream = () =>
  vi.waitFor(() => {
    const stream = FakeEventSource.instances[0];
    if (stream === undefined) throw new Error('the journal stream is not open yet');
    return stream;
  });

it('says when the server stops answering, marks the view stale and stops the clock', async () => {
  const server = fakeAdmin({ clock: { now: '2026-01-01T00:00:00.000Z', frozen: false } });
  render(<App />);
  await screen.findByRole('navigation', { name: 'Views' });
  const stream = await journalStream();
  act(() => stream.open());
  expect(screen.queryByTestId('outage')).toBeNull();

  server.network.down = true;
  act(() => stream.drop());
  const banner = await screen.findByTestId('outage');
  expect(banner.textContent).toMatch(
    /^The reference server at http:\/\/localhost:\d+ is not reachable; showing data from \d\d:\d\d:\d\d\./,
  );
  expect(screen.getByRole('main').getAttribute('data-stale')).toBe('true');
  expect(screen.getByTestId('stream-state').textContent).toBe('offline');
  const clock = screen.getByTestId('server-clock').textContent;
  await new Promise((done) => setTimeout(done, 1_200));
  expect(screen.getByTestId('server-clock').textContent).toBe(clock);

  // Back: the next probe finds it, the banner goes and the views reload.
  server.network.down = false;
  await waitFor(() => expect(screen.queryByTestId('outage')).toBeNull(), { timeout: 3_000 });
  expect(screen.getByRole('main').getAttribute('data-stale')).toBeNull();
});

it('a stream error from a server that still answers is no outage', async () => {
  fakeAdmin();
  render(<App />);
  await screen.findByRole('navigation', { name: 'Views' });
  const stream = await journalStream();
  act(() => stream.drop());
  await new Promise((done) => setTimeout(done, 50));
  expect(screen.queryByTestId('outage')).toBeNull();
});

it('outageText names the server and the time of the data shown', () => {
  const at = new Date(2026, 0, 1, 14, 3, 12).getTime();
  expect(outageText('http://127.0.0.1:4010', { since: at + 5_000, dataFrom: at })).toBe(
    'The reference server at http://127.0.0.1:4010 is not reachable; showing data from 14:03:12.',
  );
});
