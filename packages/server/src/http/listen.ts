import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isConsolePath, serveConsole } from './console-assets';
import type { CorsOrigins } from './cors';
import { createNodeListener } from './node-listener';
import { OpenStreams } from './node-stream';
import type { RequestHandler } from './request-handler';

/** Where to listen; defaults to 127.0.0.1 and a free port. */
export interface ListenOptions {
  readonly port?: number;
  readonly host?: string;
  /** Browser origins allowed to call the API; overrides the server's `cors` option. */
  readonly cors?: CorsOrigins | false;
  /** Serves the web console's built files from this directory at `/__console/` (`ref-server` does). */
  readonly consoleDir?: string;
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
  handle: RequestHandler,
  basePath: string,
  onError: (error: unknown) => void,
  options: ListenOptions = {},
): Promise<ListeningServer> {
  const host = options.host ?? '127.0.0.1';
  const streams = new OpenStreams();
  const api = createNodeListener(handle, onError, streams);
  const consoleFiles =
    options.consoleDir === undefined ? undefined : serveConsole(options.consoleDir, onError);
  const server = createServer((req, res) => {
    if (consoleFiles !== undefined) {
      const target = req.url ?? '/';
      const path = target.split('?', 1)[0] as string;
      if (isConsolePath(path)) {
        consoleFiles(req, res, path);
        return;
      }
    }
    api(req, res);
  });
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
            streams.endAll();
            server.closeIdleConnections();
          }),
      });
    });
  });
}
