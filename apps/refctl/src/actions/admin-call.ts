import type { ADMIN_PATHS } from '@refapi/server/browser';
import type { Ctx } from '../cli/context';
import { CliError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { debugLog, loadSettings } from '../runtime/client';
import { debugFetch } from '../runtime/debug-fetch';
import { type ServerRoot, serverRoot } from '../runtime/server-root';
import { VERSION } from '../version';
import { exchange } from './api-exchange';

// The reference server's admin API (`/__admin`), for `refctl server spaces`: at the origin
// of the base URL in effect (the root's or a space's: spaces are created at the root), with
// the admin token of REF_ADMIN_TOKEN, the variable ref-server itself reads. The token is
// never a flag, as the API key is not: argv shows in `ps` and shell history. Failures are the
// SDK's error classes (api-exchange.ts), so they are reported and exit like any command's.

/** How long one admin call may take when `--timeout` is not given. */
const DEFAULT_TIMEOUT_MS = 30_000;

/** `/__admin/spaces`; the type ties it to the server's own path at compile time. */
export const SPACES_PATH: (typeof ADMIN_PATHS)['spaces'] = '/__admin/spaces';

/** The admin API of the server behind the base URL. */
export interface AdminApi extends ServerRoot {
  /** Sends one admin request; resolves to the parsed JSON answer (undefined for 204). */
  call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
}

/**
 * The admin token; fails with exit 4 when none is set, or when it holds a character a bearer
 * header cannot carry (as requireApiKey does for the key), never showing the token.
 */
function adminToken(ctx: Ctx): string {
  const token = ctx.io.env.REF_ADMIN_TOKEN;
  if (token === undefined || token === '') {
    throw new CliError(
      'no admin token: set REF_ADMIN_TOKEN to the reference server\'s admin token (its --admin-token, or the "admin token:" line it prints at start)',
      EXIT.auth,
      'no_admin_token',
    );
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new CliError(
      'REF_ADMIN_TOKEN contains spaces or non-printable characters (a trailing newline?); an admin token is printable ASCII',
      EXIT.auth,
      'invalid_admin_token_format',
    );
  }
  ctx.state.secrets.add(token);
  return token;
}

/** The admin API of this invocation's server (flag > environment > profile > default). */
export async function adminApi(ctx: Ctx): Promise<AdminApi> {
  const root = serverRoot((await loadSettings(ctx)).baseUrl);
  const token = adminToken(ctx);
  const limits = {
    signal: ctx.signal,
    timeoutMs: ctx.globals.timeout ?? DEFAULT_TIMEOUT_MS,
    fetch: ctx.globals.debug ? debugFetch(debugLog(ctx)) : globalThis.fetch,
  };
  return {
    ...root,
    call: async (method, path, body) => {
      const headers = new Headers({
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        'user-agent': `refctl/${VERSION}`,
      });
      if (body !== undefined) headers.set('content-type', 'application/json');
      const url = new URL(`${root.origin}${path}`);
      const request = {
        method,
        url,
        headers,
        body: body === undefined ? body : JSON.stringify(body),
      };
      return (await exchange(request, limits)).json;
    },
  };
}
