import { type Admin, createReferenceServer, type ScenarioInput } from '@refapi/server';

/** A reference server on 127.0.0.1 and a free port, with its in-process admin API. */
export interface Reference {
  readonly baseUrl: string;
  readonly admin: Admin;
  /** API requests received so far, as `METHOD /path` with status. */
  requests(): Array<{ method: string; path: string; status: number }>;
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
    close: () => listening.close(),
  };
}
