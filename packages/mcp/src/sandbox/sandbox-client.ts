import { type ClientOptions, type FetchFunction, RefClient } from '@refapi/sdk';

/** The demo key `--sandbox` uses: the EUR demo account, every scope. */
export const SANDBOX_KEY = 'refak_demo_eur_full';

/** The client options of the sandbox: the demo key, through the in-process `fetch`. */
export function sandboxClientOptions(baseUrl: string, fetch: FetchFunction): ClientOptions {
  // A 429 or 503 asking to wait longer than 5 s is handed to the model at once, as in main.
  return { apiKey: SANDBOX_KEY, baseUrl, fetch, maxRetryAfterMs: 5_000 };
}

/** A client of the sandbox's demo key at `baseUrl`, sending through `fetch`. */
export const sandboxClient = (baseUrl: string, fetch: FetchFunction): RefClient =>
  new RefClient(sandboxClientOptions(baseUrl, fetch));
