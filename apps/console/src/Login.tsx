import { type FormEvent, useState } from 'react';
import { AdminError, login } from './api';

/** Explains a refused login in words an operator can act on. */
function loginMessage(error: unknown): string {
  if (error instanceof AdminError && error.status === 401) {
    return 'That admin token was refused. Use the token ref-server printed at start (or --admin-token).';
  }
  if (error instanceof AdminError && error.status === 429) {
    return 'Too many attempts; wait a moment and try again.';
  }
  return `Could not reach the server: ${(error as Error).message}`;
}

/** The one place the admin token is typed; it is sent once and never stored by the page. */
export function Login({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

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
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <form onSubmit={submit} className="card login-card" aria-labelledby="login-title">
        <h1 id="login-title">refapi console</h1>
        <p className="muted">Enter the admin token of this reference server.</p>
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
        <button type="submit" disabled={busy || token.trim() === ''}>
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
