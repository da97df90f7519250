import { createMswHandlers } from '../web/msw-handlers';
import { createNodeServer, type ReferenceServer, type ReferenceServerOptions } from './node-server';

export type { ReferenceServer, ReferenceServerOptions } from './node-server';

/**
 * Creates a stateful reference server of the account API.
 * @example
 * const server = createReferenceServer();
 * setupServer(...server.handlers).listen();
 * await fetch('https://api.ref.test/v1/me', { headers: { authorization: 'Bearer refak_demo_eur_full' } });
 */
export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  return createNodeServer(options, createMswHandlers);
}
