// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Login } from './Login';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));

it('sends the token once as a bearer header, never in the URL', async () => {
  const fetchMock = answer(204, undefined);
  vi.stubGlobal('fetch', fetchMock);
  const onLoggedIn = vi.fn();
  render(<Login onLoggedIn={onLoggedIn} />);
  fireEvent.change(screen.getByLabelText('Admin token'), { target: { value: 'refadm_secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/__admin/session');
  expect(url).not.toContain('refadm_secret');
  expect(init.method).toBe('POST');
  expect((init.headers as Record<string, string>).authorization).toBe('Bearer refadm_secret');
  expect((screen.getByLabelText('Admin token') as HTMLInputElement).value).toBe('');
});

it('says clearly that a wrong token was refused', async () => {
  vi.stubGlobal('fetch', answer(401, { error: 'invalid_admin_token' }));
  const onLoggedIn = vi.fn();
  render(<Login onLoggedIn={onLoggedIn} />);
  fireEvent.change(screen.getByLabelText('Admin token'), { target: { value: 'wrong' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect((await screen.findByRole('alert')).textContent).toMatch(/admin token was refused/);
  expect(onLoggedIn).not.toHaveBeenCalled();
});

it('says how long to wait when the server answers 429 with Retry-After', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ error: 'too_many_attempts' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '42' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(<Login onLoggedIn={vi.fn()} />);
  fireEvent.change(screen.getByLabelText('Admin token'), { target: { value: 'wrong' } });
  const signIn = screen.getByRole('button', { name: 'Sign in' });
  fireEvent.click(signIn);
  await vi.waitFor(() =>
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many attempts with a wrong token; try again in 42 s.',
    ),
  );
  // Closed until then: a click would only be refused (and counted) again.
  expect(signIn).toHaveProperty('disabled', true);
  await act(() => vi.advanceTimersByTimeAsync(42_000));
  expect(signIn).toHaveProperty('disabled', false);
  expect(fetchMock).toHaveBeenCalledOnce();
  vi.useRealTimers();
});

it('does not call a server that answered 5xx unreachable', async () => {
  vi.stubGlobal('fetch', answer(500, { error: 'internal_error' }));
  render(<Login onLoggedIn={vi.fn()} />);
  fireEvent.change(screen.getByLabelText('Admin token'), { target: { value: 'refadm_x' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'The server refused the sign-in: internal_error (500).',
  );
});
