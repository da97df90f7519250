import { type ClientOptions, RefClient } from '@refapi/sdk';

/**
 * How this process reaches the API: one set of client options (key, fetch, retries, log)
 * and a client per base URL. A session that works on its own copy of the data, such as a
 * sandbox space of the reference server (`…/spaces/{space_id}/v1`), gets a client of the
 * same options at its own base URL.
 */
export class ApiConnection {
  readonly #options: ClientOptions;
  readonly #clients = new Map<string, RefClient>();
  /** The client at the configured base URL. */
  readonly client: RefClient;

  constructor(options: ClientOptions) {
    this.#options = options;
    this.client = new RefClient(options);
    this.#clients.set(this.client.baseUrl, this.client);
  }

  /** The configured base URL (it ends in `/v1`). */
  get baseUrl(): string {
    return this.client.baseUrl;
  }

  /** The client at `baseUrl` (the configured one when absent), made once per base URL. */
  clientAt(baseUrl?: string): RefClient {
    if (baseUrl === undefined) return this.client;
    const known = this.#clients.get(baseUrl);
    if (known) return known;
    const client = new RefClient({ ...this.#options, baseUrl });
    this.#clients.set(client.baseUrl, client);
    this.#clients.set(baseUrl, client);
    return client;
  }
}
