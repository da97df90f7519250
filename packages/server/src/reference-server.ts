import { type ListeningServer, type ListenOptions, listenHttp } from './http/listen';
import {
  createReferenceCore,
  type ReferenceCore,
  type ReferenceServerOptions,
} from './reference-core';

export type { ReferenceServerOptions } from './reference-core';

/** A reference server: msw handlers, admin controls, the store and a node:http listener. */
export interface ReferenceServer extends ReferenceCore {
  /** Serves the same state over node:http. */
  listen(options?: ListenOptions): Promise<ListeningServer>;
}

/**
 * Creates a stateful reference server of the account API.
 * @example
 * const server = createReferenceServer();
 * setupServer(...server.handlers).listen();
 * await fetch('https://api.ref.test/v1/me', { headers: { authorization: 'Bearer refak_demo_eur_full' } });
 */
export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  const { core, handle, basePath, onError } = createReferenceCore(options);
  return {
    ...core,
    listen: (listenOptions) => listenHttp(handle, basePath, onError, listenOptions),
  };
}
