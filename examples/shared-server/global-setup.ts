import { createReferenceServer } from '@refapi/server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    refServerUrl: string;
    refAdminToken: string;
  }
}

// Starts one reference server for every test file of the run, as `ref-server --port 0`
// would; the files reach it over HTTP, each in a space of its own. (Node loads this file's
// imports as your own global setup would: the built `@refapi/server`, which `pnpm test`
// builds first.)
export default async function setup(project: TestProject) {
  const server = createReferenceServer({ onRequest: () => {} });
  const listening = await server.listen({ host: '127.0.0.1', port: 0 });
  project.provide('refServerUrl', listening.url);
  project.provide('refAdminToken', server.adminToken);
  return async () => {
    // Each file deleted its space when it ended: none is left behind.
    const response = await server.fetch(`${listening.url}/__admin/spaces`, {
      headers: { authorization: `Bearer ${server.adminToken}` },
    });
    const { spaces } = (await response.json()) as { spaces: unknown[] };
    await listening.close();
    if (spaces.length > 0) throw new Error(`${spaces.length} space(s) left behind`);
  };
}
