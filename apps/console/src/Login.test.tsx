// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
