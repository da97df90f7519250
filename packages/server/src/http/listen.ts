import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServedHandler } from './body-limit';
import { createNodeListener } from './node-listener';

/** Where to listen; defaults to 127.0.0.1 and a free port. */
export interface ListenOptions {
  readonly port?: number;
  readonly host?: string;
}

/** A running node:http server. */
export interface ListeningServer {
  /** Origin, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** API base URL, e.g. `http://127.0.0.1:4010/v1`. */
  readonly baseUrl: string;
  readonly port: number;
  /** Stops accepting, drops idle keep-alive connections, resolves once closed. */
  close(): Promise<void>;
}

/** Serves a request handler over node:http. */
export function listenHttp(
  handle: ServedHandler,
  basePath: string,
  onError: (error: unknown) => void,
  options: ListenOptions = {},
): Promise<ListeningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer(createNodeListener(handle, onError));
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      resolve({
        url,
        baseUrl: `${url}${basePath}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
