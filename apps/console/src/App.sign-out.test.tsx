// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { entry } from '../test/entry';
import { FakeEventSource, fakeAdmin } from '../test/fake-admin';
import { App } from './App';
import { announceSignOut } from './session-channel';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The console signed in, its journal stream open and live. */
async function signedIn() {
  const server = fakeAdmin();
  render(<App />);
  await screen.findByRole('navigation', { name: 'Views' });
  // The journal opens its stream in an effect of its own, possibly after the shell renders.
  const stream = await vi.waitFor(() => {
    const opened = FakeEventSource.instances[0];
    if (opened === undefined) throw new Error('no journal stream yet');
    return opened;
  });
  expect(stream.url).toBe('/__admin/requests/stream');
  act(() => stream.open());
  act(() => stream.push(entry({ id: 'req_before_sign_out' })));
  expect(screen.getByRole('status').textContent).toBe('1 of 1');
  // From here on, time is the test's: a reconnect would be a timer.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { server, stream };
}

const streamsOpened = () => FakeEventSource.instances.length;

it('signing out closes the journal stream at once, before the server answers', async () => {
  const { server, stream } = await signedIn();
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  // DELETE /session is still unanswered: the stream is closed already.
  expect(server.calls).toContain('DELETE /__admin/session');
  expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  expect(screen.getByLabelText('Admin token')).toBeTruthy();

  // Nothing reconnects while signed out, whatever the time…
  server.endSession();
  await act(() => vi.advanceTimersByTimeAsync(60_000));
  expect(streamsOpened()).toBe(1);

  // …until the next sign-in opens one new stream.
  fireEvent.change(screen.getByLabelText('Admin token'), { target: { value: 'refadm_x' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(screen.getByRole('navigation', { name: 'Views' })).toBeTruthy();
  expect(streamsOpened()).toBe(2);
});

it('a sign-out in another tab of this browser closes this tab’s stream too', async () => {
  const { stream } = await signedIn();
  announceSignOut(); // what the other tab's Sign out sends
  await act(() => vi.advanceTimersByTimeAsync(50));
  await vi.waitFor(() => expect(stream.readyState).toBe(FakeEventSource.CLOSED));
  expect(screen.getByLabelText('Admin token')).toBeTruthy();
  await act(() => vi.advanceTimersByTimeAsync(60_000));
  expect(streamsOpened()).toBe(1);
});

it('a stream dropped because the session ended leads to sign-in, not a retry loop', async () => {
  const { server, stream } = await signedIn();
  server.session.in = false; // the cookie expired, or a sign-out in another browser
  await act(async () => stream.drop());
  await act(() => vi.advanceTimersByTimeAsync(60_000));
  expect(streamsOpened()).toBe(1);
  expect(screen.getByLabelText('Admin token')).toBeTruthy();
});

it('a stream dropped while the session holds (a 5xx) is reopened after 3 s', async () => {
  const { stream } = await signedIn();
  await act(async () => stream.drop());
  await act(() => vi.advanceTimersByTimeAsync(2_900));
  expect(streamsOpened()).toBe(1);
  await act(() => vi.advanceTimersByTimeAsync(200));
  expect(streamsOpened()).toBe(2);
});

it('a session that ended by itself says so on the sign-in page', async () => {
  const { server, stream } = await signedIn();
  server.session.in = false; // the cookie expired, or the server restarted
  await act(async () => stream.drop());
  expect(screen.getByLabelText('Admin token')).toBeTruthy();
  expect(screen.getByTestId('sign-in-notice').textContent).toBe(
    'Your session ended (it expired, or the server restarted or signed it out). Sign in again.',
  );
});

it('signing out leads to the sign-in page without a notice', async () => {
  await signedIn();
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(screen.getByLabelText('Admin token')).toBeTruthy();
  expect(screen.queryByTestId('sign-in-notice')).toBeNull();
});
