import {
  createReferenceServer,
  type ListeningServer,
  type ReferenceServerOptions,
  type ScenarioInput,
} from '@refapi/server';
import { expectSpecJournal } from '../../../../packages/schema/test/spec-objects';

/** One API request as the admin API's request log shows it. */
interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

/** A reference server on 127.0.0.1 and a free port, plus its admin API over HTTP. */
export interface TestServer {
  readonly baseUrl: string;
  /** Calls `/__admin/<path>` with the admin token; resolves to the JSON answer. */
  admin(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
  /** The API requests the server received so far, oldest first. */
  requests(): Promise<LoggedRequest[]>;
  close(): Promise<void>;
}

/** The admin token of every test server (what `REF_ADMIN_TOKEN` holds for refctl). */
export const ADMIN_TOKEN = 'refadm_e2e_token';

/** Starts the reference server in this process (one per test file). */
export async function startServer(
  scenario: ScenarioInput,
  options: Pick<ReferenceServerOptions, 'spaces'> = {},
): Promise<TestServer> {
  const server = createReferenceServer({
    ...options,
    scenario,
    adminToken: ADMIN_TOKEN,
    onError: () => {},
  });
  await server.ready;
  const listening: ListeningServer = await server.listen({ port: 0, host: '127.0.0.1' });
  const admin: TestServer['admin'] = async (method, path, body) => {
    const response = await fetch(`${listening.url}/__admin/${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : response.json();
  };
  return {
    baseUrl: listening.baseUrl,
    admin,
    // The journal answers newest first, 100 by default: ask for all of it, oldest first.
    requests: async () =>
      (
        (await admin('GET', 'requests?limit=1000')) as { requests: LoggedRequest[] }
      ).requests.reverse(),
    close: async () => {
      // Whatever refctl asked, the server answered only the spec's objects.
      expectSpecJournal(server.admin.requests());
      await listening.close();
    },
  };
}
