import type { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
import { ApiConnection } from './api-connection';
import { SANDBOX_KEY, sandboxClientOptions } from './sandbox/sandbox-client';
import {
  MAX_SANDBOX_SESSIONS,
  SandboxSessions,
  type SandboxSessionsOptions,
} from './sandbox/sandbox-sessions';
import { SpaceAdmin } from './sandbox/space-admin';

export { SANDBOX_KEY };

/** The longest a space may ask to live unused (`ttl_seconds` of `POST /__admin/spaces`): 7 days. */
export const LONGEST_SPACE_TTL_SECONDS = 7 * 24 * 3600;

/**
 * `--sandbox` without sessions: a reference server in this process with the demo scenario,
 * answered in-process (no port, no network), and the connection to its root state, which
 * lives as long as the process. `clientAt(baseUrl)` reaches another base URL of the same
 * server with the same key.
 */
export async function openSandbox(): Promise<ApiConnection> {
  const server = createReferenceServer({ onError: () => {} });
  await server.ready;
  return new ApiConnection(sandboxClientOptions(server.baseUrl, server.fetch));
}

/** The client of a new sandbox (see {@link openSandbox}). */
export async function startSandbox(): Promise<RefClient> {
  return (await openSandbox()).client;
}

/**
 * `--sandbox`: a reference server in this process with the demo scenario, and its
 * sessions, each on a space of its own (`refapi-mcp --sandbox` opens one over stdio and
 * one per MCP session over HTTP). The server holds as many spaces as sessions may be held.
 * @example
 * const sessions = await openSandboxSessions();
 * const session = await sessions.open('alice');
 * serveStdio(() => createRefMcpServer({ client: session.client, shared: session.shared, mode: 'sandbox' }));
 */
export async function openSandboxSessions(
  options: SandboxSessionsOptions = {},
): Promise<SandboxSessions> {
  const max = options.max ?? MAX_SANDBOX_SESSIONS;
  const server = createReferenceServer({ onError: () => {}, spaces: { max } });
  await server.ready;
  return new SandboxSessions(new SpaceAdmin(server), { ...options, max });
}
