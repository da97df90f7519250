import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorResponse } from '../../api/api-request';
import type { ContextHandler } from '../../api/request-handler';
import { newRequestId } from '../../api/request-id';
import { type HostCheck, hostRule } from '../../server/allowed-hosts';
import type { CorsOrigins, RefusalWindow } from '../../server/cors';
import { withBackpressure } from './connection-backpressure';
import { capConnectionsPerAddress, defaultMaxConnectionsPerAddress } from './connection-cap';
import { isConsolePath, serveConsole } from './console-assets';
import { continueWhenBodyRead, createNodeListener, send, targetPath } from './node-listener';
import { OpenStreams } from './node-stream';
import { keepTickObjectShape } from './tick-shape';
import { answerUnparsedRequests } from './unparsed-requests';

/** Where to listen; defaults to 127.0.0.1 and a free port. */
export interface ListenOptions {
  readonly port?: number;
  readonly host?: string;
  /** Browser origins allowed to call the API; overrides the server's `cors` option. */
  readonly cors?: CorsOrigins | false;
  /** Serves the web console's built files from this directory at `/__console/` (`ref-server` does). */
  readonly consoleDir?: string;
  /**
   * Host names (any port) answered besides `localhost`, `127.0.0.1` and `[::1]`; others get 403
   * `host_not_allowed`. Bound to a non-loopback address, Hosts are checked only when given.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Open connections per remote address; requests on more get 503 `too_many_connections`.
   * Default 256 (fewer under a low open-file limit) for other addresses; loopback clients
   * are capped only when this is given.
   */
  readonly maxConnectionsPerAddress?: number;
}

/** A running node:http server. */
export interface ListeningServer {
  /** Origin, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** API base URL, e.g. `http://127.0.0.1:4010/v1`. */
  readonly baseUrl: string;
  readonly port: number;
  /**
   * Stops accepting, ends event streams, drops idle keep-alive connections and closes each
   * busy one after its answer; resolves once all are closed.
   */
  close(): Promise<void>;
}

/**
 * How long a connection may take to send a request head, and how often that is checked;
 * how long a body may take after its head.
 */
interface HeadTimeouts {
  readonly headersMs: number;
  readonly checkEveryMs: number;
  readonly bodyMs?: number;
}

// A connection must send a request head within 10 s of opening, checked every second: Node's
// 60 s, swept every 30 s, let idle sockets hold file descriptors for up to 90 s. Idle
// keep-alive connections go after 5 s (`keepAliveTimeout`); event streams are past their head.
const HEAD_TIMEOUTS: HeadTimeouts = { headersMs: 10_000, checkEveryMs: 1_000 };

/** Connections the kernel may queue before they are accepted (capped by net.core.somaxconn). */
const LISTEN_BACKLOG = 4_096;

/** Whether `req` names more than one Host (node:http keeps the first and drops the rest). */
function hostRepeated(req: IncomingMessage): boolean {
  const raw = req.rawHeaders;
  let seen = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue;
    if (seen) return true;
    seen = true;
  }
  return false;
}

/** Serves a request handler over node:http. */
export async function listenHttp(
  handle: ContextHandler,
  basePath: string,
  onError: (error: unknown) => void,
  options: ListenOptions = {},
  /** Tests shorten them. */
  timeouts: HeadTimeouts = HEAD_TIMEOUTS,
  /** The rate-limit headers of an API answer given here, before any key is read. */
  refusalWindow?: RefusalWindow,
): Promise<ListeningServer> {
  keepTickObjectShape();
  const host = options.host ?? '127.0.0.1';
  const streams = new OpenStreams();
  const api = createNodeListener(handle, onError, streams, timeouts.bodyMs);
  const consoleFiles =
    options.consoleDir === undefined ? undefined : serveConsole(options.consoleDir, onError);
  const ruleFor = hostRule(options.allowedHosts);
  // Known once bound: whether Host headers are checked depends on the address.
  let hostAllowed: HostCheck | undefined;
  // Set by `close()`: a connection busy when it began may carry more requests (node:http goes
  // on reading it), so each answer from then on closes its connection instead.
  let closing = false;
  const windowOf = (req: IncomingMessage) =>
    refusalWindow?.(targetPath(req.url ?? '/'), req.socket.remoteAddress ?? '');
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
      // Answered below in the API's shape: Node's own 400 has an empty body.
      requireHostHeader: false,
    },
    withBackpressure(async (req, res) => {
      if (closing) res.setHeader('connection', 'close');
      // The refusals below carry the API's rate-limit headers on its paths (every response
      // does, account API spec), but are never counted: none is a request the API took (the
      // route, the key and the body are never read), so none may spend a client's window or
      // create one — a flood of them holds no memory in the limiter.
      // Without a Host, or with two (RFC 9112 section 3.2: both are a 400): node:http keeps
      // the first of two, so the Host check below and the OpenAPI document's `servers`
      // would go by one Host while a proxy in front may have gone by the other.
      if ((req.headers.host === undefined && req.httpVersion === '1.1') || hostRepeated(req)) {
        const refusal = errorResponse(400, 'malformed_request', {
          ...windowOf(req),
          'request-id': newRequestId(),
        });
        return send(res, refusal, { close: true });
      }
      // Past the address's cap: an answer, never a reset (connection-cap.ts). Not counted
      // either: the server's own cap must not spend the client's window.
      if (overCap(req.socket)) {
        const refusal = errorResponse(503, 'too_many_connections', {
          ...windowOf(req),
          'retry-after': '1',
          'request-id': newRequestId(),
        });
        return send(res, refusal, { close: true });
      }
      // DNS rebinding (allowed-hosts.ts): refused before any route runs or body is read.
      // Not counted: a rebinding page must not spend the window of the machine's own clients.
      if (hostAllowed !== undefined && !hostAllowed(req.headers.host)) {
        const refusal = errorResponse(403, 'host_not_allowed', {
          ...windowOf(req),
          'request-id': newRequestId(),
        });
        return send(res, refusal, { close: true });
      }
      if (consoleFiles !== undefined) {
        const path = (req.url ?? '/').split('?', 1)[0] as string;
        if (isConsolePath(path)) return consoleFiles(req, res, path);
      }
      return api(req, res);
    }),
  );
  server.keepAliveTimeout = 5_000;
  // `Expect: 100-continue`: the body is invited once the request may send it (node-listener.ts).
  server.on('checkContinue', (req, res) => {
    continueWhenBodyRead(req);
    server.emit('request', req, res);
  });
  // A client that half-closes after sending (a FIN: `nc -N`, a script done writing) is owed
  // every answer. By default node:http ends the connection at the FIN, dropping each answer
  // not yet written (a slow request, all but the first of a pipeline) though the request ran;
  // half-open, it marks the last answer in line to close the connection once written.
  (server as typeof server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  answerUnparsedRequests(server, refusalWindow);
  const overCap = capConnectionsPerAddress(server, {
    max: options.maxConnectionsPerAddress ?? defaultMaxConnectionsPerAddress(),
    capLoopback: options.maxConnectionsPerAddress !== undefined,
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // A burst of connections waits in the kernel's queue (up to net.core.somaxconn) rather
    // than overflowing Node's default of 511.
    server.listen(options.port ?? 0, host, LISTEN_BACKLOG, () => {
      server.off('error', reject);
      const { port, address } = server.address() as AddressInfo;
      hostAllowed = ruleFor(address);
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      resolve({
        url,
        baseUrl: `${url}${basePath}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            closing = true;
            server.close(() => done());
            streams.endAll();
            server.closeIdleConnections();
          }),
      });
    });
  });
}
