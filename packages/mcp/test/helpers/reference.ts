import { type Admin, createReferenceServer, type ScenarioInput } from '@refapi/server';
import { expectSpecJournal } from '../../../schema/test/spec-objects';

/** A reference server on 127.0.0.1 and a free port, with its in-process admin API. */
export interface Reference {
  readonly baseUrl: string;
  readonly admin: Admin;
  /** API requests received so far, as `METHOD /path` with status. */
  requests(): Array<{ method: string; path: string; status: number }>;
  /** The order records of the account that holds `apiKey`, from the server's own state. */
  orders(apiKey: string): Array<{ order_ref: string; amount: number; service_ref?: string }>;
  close(): Promise<void>;
}

/** Starts the reference server (demo scenario unless given) for one test file. */
export async function startReference(scenario?: ScenarioInput): Promise<Reference> {
  const server = createReferenceServer({ onError: () => {}, ...(scenario ? { scenario } : {}) });
  await server.ready;
  const listening = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: listening.baseUrl,
    admin: server.admin,
    requests: () =>
      server.admin.requests().map(({ method, path, status }) => ({ method, path, status })),
    orders: (apiKey) =>
      server.admin
        .state()
        .accounts.find((account) => account.api_keys.some((key) => key.token === apiKey))
        ?.orders.map(({ order_ref, amount, service_ref }) => ({
          order_ref,
          amount,
          ...(service_ref === undefined ? {} : { service_ref }),
        })) ?? [],
    close: async () => {
      // Whatever the tools asked, the server answered only the spec's objects.
      expectSpecJournal(server.admin.requests());
      await listening.close();
    },
  };
}
