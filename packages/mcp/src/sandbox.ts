import type { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
import { ApiConnection } from './api-connection';

/** The demo key `--sandbox` uses: the EUR demo account, every scope. */
export const SANDBOX_KEY = 'refak_demo_eur_full';

/**
 * `--sandbox`: a reference server in this process with the demo scenario, answered
 * in-process (no port, no network), and the connection to it. Its state lives as long as
 * the process. `clientAt(baseUrl)` reaches another base URL of the same server with the
 * same key, e.g. a space of its own for one session.
 */
export async function openSandbox(): Promise<ApiConnection> {
  const server = createReferenceServer({ onError: () => {} });
  await server.ready;
  return new ApiConnection({
    apiKey: SANDBOX_KEY,
    baseUrl: server.baseUrl,
    fetch: server.fetch,
    maxRetryAfter: 5_000,
  });
}

/** The client of a new sandbox (see {@link openSandbox}). */
export async function startSandbox(): Promise<RefClient> {
  return (await openSandbox()).client;
}
