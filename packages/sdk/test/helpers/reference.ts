import { createReferenceServer, type ReferenceServer } from '@refapi/server';
import { specCheckedFetch } from '../../../schema/test/spec-objects';
import { type ClientOptions, RefClient } from '../../src/index';

/** Keys of the demo scenario (all scopes unless noted). */
export const DEMO = {
  eurKey: 'refak_demo_eur_full',
  eurReadKey: 'refak_demo_eur_read',
  usdKey: 'refak_demo_usd_full',
  /** A directly owned, active KVM service of the EUR account (Shield active). */
  kvm: 'REF-SVC-101',
  /** A dedicated server of the EUR account. */
  dedicated: 'REF-SVC-106',
} as const;

/** A reference server plus a way to build clients against it. */
export interface Harness {
  readonly server: ReferenceServer;
  readonly transport: 'in-process' | 'http';
  client(apiKey?: string, options?: ClientOptions): RefClient;
  close(): Promise<void>;
}

/** The reference server answered in-process through its WHATWG fetch (no sockets). */
export async function inProcess(scenario?: unknown): Promise<Harness> {
  const server = createReferenceServer(scenario === undefined ? {} : { scenario });
  await server.ready;
  return {
    server,
    transport: 'in-process',
    client: (apiKey = DEMO.eurKey, options = {}) =>
      new RefClient({
        apiKey,
        baseUrl: server.baseUrl,
        // Every answer also only the objects account-api.md lists, read from the spec itself.
        fetch: specCheckedFetch(server.fetch),
        // The SDK's own contract tests: any difference from the contract fails them.
        validateResponses: 'strict',
        ...options,
      }),
    close: async () => {},
  };
}

/** The reference server over real HTTP on 127.0.0.1 and a free port. */
export async function overHttp(scenario?: unknown): Promise<Harness> {
  const server = createReferenceServer(scenario === undefined ? {} : { scenario });
  await server.ready;
  const listening = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    transport: 'http',
    client: (apiKey = DEMO.eurKey, options = {}) =>
      new RefClient({
        apiKey,
        baseUrl: listening.baseUrl,
        fetch: specCheckedFetch(),
        validateResponses: 'strict',
        ...options,
      }),
    close: () => listening.close(),
  };
}

/** Both ways to reach the server, for `describe.each`. */
export const TRANSPORTS = [
  ['in-process', inProcess],
  ['http', overHttp],
] as const;
