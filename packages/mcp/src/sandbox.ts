import { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';

/** The demo key `--sandbox` uses: the EUR demo account, every scope. */
export const SANDBOX_KEY = 'refak_demo_eur_full';

/**
 * `--sandbox`: a reference server in this process with the demo scenario, answered
 * in-process (no port, no network), and a client pointed at it. Its state lives as long
 * as the process.
 */
export async function startSandbox(): Promise<RefClient> {
  const server = createReferenceServer({ onError: () => {} });
  await server.ready;
  return new RefClient({
    apiKey: SANDBOX_KEY,
    baseUrl: server.baseUrl,
    fetch: server.fetch,
    maxRetryAfter: 5_000,
  });
}
