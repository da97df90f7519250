import { type FormEvent, useEffect, useState } from 'react';
import { AdminError, login } from './api';

/** Explains a refused login in words an operator can act on. */
function loginMessage(error: unknown): string {
  if (error instanceof AdminError && error.status === 401) {
    return 'That admin token was refused. Use the one ref-server printed at start (the "admin token:" line), or the value of --admin-token or REF_ADMIN_TOKEN it was started with.';
  }
  if (error instanceof AdminError && error.status === 429) {
    // The server counts wrong tokens per address and says how long it stays closed.
    return error.retryAfter === undefined
      ? 'Too many attempts with a wrong token; wait a moment and try again.'
      : `Too many attempts with a wrong token; try again in ${error.retryAfter} s.`;
  }
  // The server answered (a 5xx, a 413…): "could not reach" would send the operator
  // checking a network that works. Worded as the sign-in link's refusal is.
  if (error instanceof AdminError)
    return `The server refused the sign-in: ${error.error} (${error.status}).`;
  return `Could not reach the server: ${(error as Error).message}`;
}

/** Until when sign-in stays closed after a 429 (epoch ms), or undefined. */
const lockedUntil = (error: unknown) =>
  error instanceof AdminError && error.status === 429 && error.retryAfter !== undefined
    ? Date.now() + error.retryAfter * 1000
    : undefined;

/**
 * The one place the admin token is typed; it is sent once and never stored by the page.
 * `notice` says why a sign-in link did not sign in (used, expired).
 */
export function Login({
  onLoggedIn,
  notice,
}: {
  onLoggedIn: () => void;
  notice?: string | undefined;
}) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Another try before Retry-After would only be refused again (and counted).
  const [locked, setLocked] = useState<number | undefined>();
  useEffect(() => {
    if (locked === undefined) return;
    const timer = setTimeout(() => setLocked(undefined), Math.max(0, locked - Date.now()));
    return () => clearTimeout(timer);
  }, [locked]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await login(token.trim());
      setToken('');
      onLoggedIn();
    } catch (cause) {
      setError(loginMessage(cause));
      setLocked(lockedUntil(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <form onSubmit={submit} className="card login-card" aria-labelledby="login-title">
        <h1 id="login-title">refapi console</h1>
        {notice && (
          <p role="alert" className="error" data-testid="sign-in-notice">
            {notice}
          </p>
        )}
        <p className="muted">
          Open the console link ref-server printed at start (<code>console: …?code=…</code>): it
          signs you in once, within 10 minutes. Or enter the admin token of this reference server:
          the <code>admin token:</code> line of the same start banner, or the value given with{' '}
          <code>--admin-token</code> or <code>REF_ADMIN_TOKEN</code>.
        </p>
        <label htmlFor="admin-token">Admin token</label>
        <input
          id="admin-token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          required
          // biome-ignore lint/a11y/noAutofocus: the only field of the page
          autoFocus
        />
        <button type="submit" disabled={busy || locked !== undefined || token.trim() === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
