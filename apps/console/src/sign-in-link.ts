import { AdminError } from './api';

/** The one-time sign-in code of a console address (`/__console/?code=…`) and the address without it. */
export interface SignInLink {
  readonly code: string;
  /** Path, remaining query and hash: what the address bar shows once the code is taken out. */
  readonly cleaned: string;
}

/** The sign-in code of `href`, if it carries one (the link of ref-server's start banner). */
export function signInLinkOf(href: string): SignInLink | undefined {
  const url = new URL(href);
  const code = url.searchParams.get('code');
  if (code === null) return undefined;
  url.searchParams.delete('code');
  return { code, cleaned: `${url.pathname}${url.search}${url.hash}` };
}

const AFTER = 'Sign in with the admin token below, or restart ref-server for a new link.';

/**
 * Why a sign-in link did not sign in, in words an operator can act on. The server says
 * `invalid_admin_token: sign-in code used` (or `expired`, `unknown`).
 */
export function signInLinkMessage(error: unknown): string {
  if (error instanceof AdminError && error.status === 401) {
    const reason = /sign-in code (\w+)$/.exec(error.error)?.[1];
    if (reason === 'used')
      return `This sign-in link was used already: each link signs in once. ${AFTER}`;
    if (reason === 'expired')
      return `This sign-in link has expired: links work for 10 minutes. ${AFTER}`;
    return `This sign-in link is not one this server issued (was it restarted?). ${AFTER}`;
  }
  if (error instanceof AdminError)
    return `The sign-in link was refused: ${error.error} (${error.status}).`;
  return `Could not reach the server to use the sign-in link: ${(error as Error).message}`;
}
