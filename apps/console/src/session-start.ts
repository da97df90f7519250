import { admin, signInWithCode } from './api';
import { signInLinkMessage, signInLinkOf } from './sign-in-link';

/** Whether the console opens signed in, and why a sign-in link did not work. */
export type SessionStart = { signedIn: true } | { signedIn: false; notice?: string };

let starting: Promise<SessionStart> | undefined;

/**
 * How the page starts: with a sign-in link (`?code=…`), the code leaves the address bar at
 * once (`history.replaceState`) and is exchanged for the session cookie; without one, the
 * server says whether the cookie still holds (`/whoami`). A second call while the first
 * runs joins it (React's StrictMode runs effects twice; the code is gone by the second).
 */
export function startSession(): Promise<SessionStart> {
  starting ??= begin().finally(() => {
    starting = undefined;
  });
  return starting;
}

async function begin(): Promise<SessionStart> {
  const link = signInLinkOf(window.location.href);
  if (link === undefined) return (await holds()) ? { signedIn: true } : { signedIn: false };
  window.history.replaceState(window.history.state, '', link.cleaned);
  try {
    await signInWithCode(link.code);
    return { signedIn: true };
  } catch (cause) {
    // An old link opened in a browser still signed in: nothing to say.
    if (await holds()) return { signedIn: true };
    return { signedIn: false, notice: signInLinkMessage(cause) };
  }
}

const holds = () =>
  admin.whoami().then(
    () => true,
    () => false,
  );
