import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';
import { capConnections, DEFAULT_MAX_CONNECTIONS } from './http/connection-cap';
import { InstanceCount } from './http/instance-count';
import { sendWebResponse, toWebRequest } from './http/node-fetch';
import { refuseForeignRequest } from './http/request-guard';
import { rpcError, rpcErrorBody } from './http/rpc-error';
import { type HttpSessions, SESSION_HEADER, sessionEndpoint } from './http/session-endpoint';
import { answerUnparsedRequests } from './http/unparsed-requests';

/** A running Streamable HTTP endpoint. */
export interface McpHttpServer {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** MCP server instances alive now: one per request in flight, 0 when idle (no sessions). */
  readonly activeServers: number;
  /** Aborts the requests in flight and closes the listener. */
  close(): Promise<void>;
}

/** Options of {@link startHttpServer}. */
export interface HttpServerOptions {
  /** Builds the MCP server that answers one request; it is closed when the request ends. */
  readonly createServer: () => McpServer;
  /** Port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /**
   * Connections open at once (default 256); past them a request is answered 503 with
   * `Retry-After: 1` and its connection closed.
   */
  readonly maxConnections?: number;
  /** @internal Tests shorten them (see {@link HEAD_TIMEOUTS}). */
  readonly timeouts?: HeadTimeouts;
}

/** How long a connection may take to send a request, and how often that is checked. */
interface HeadTimeouts {
  /** From a connection's opening (or its last answer) to the end of a request head. */
  readonly headersMs: number;
  /** To the end of a whole request, body included. */
  readonly requestMs: number;
  readonly checkEveryMs: number;
}

// As ref-server's: a request head within 10 s, checked every second. Node's 60 s, swept every
// 30 s, let a connection that sent nothing hold one of the capped connections (and a file
// descriptor) for up to 90 s; 256 of them shut every client out for that long. A body has
// 30 s (ref-server's deadline): Node's 300 s let a slow one hold a connection for five minutes.
const HEAD_TIMEOUTS: HeadTimeouts = { headersMs: 10_000, requestMs: 30_000, checkEveryMs: 1_000 };

/** Options of {@link startHttpServer} with state kept per MCP session (the sandbox's spaces). */
export interface SessionHttpServerOptions<S> {
  /** Builds the MCP server that answers one request of `session`; closed when the request ends. */
  readonly createServer: (session: S) => McpServer;
  /** Port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /** Connections open at once (default 256), as in {@link HttpServerOptions}. */
  readonly maxConnections?: number;
  /** @internal As in {@link HttpServerOptions}. */
  readonly timeouts?: HeadTimeouts;
  /**
   * The sessions: a request's is its `Mcp-Session-Id`, one the endpoint hands a 2025 client
   * in answer to its `initialize`, or `default` (see `sessionEndpoint`).
   */
  readonly sessions: HttpSessions<S>;
}

const PATH = '/mcp';

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1 only, statelessly: every request is
 * answered by a fresh server from `createServer`, closed when the request ends, so
 * nothing about a client outlives its request. Protocol 2026-07-28 requests are served
 * per request by design; 2025-era clients (`initialize`, up to 2025-11-25) are served by
 * the SDK's stateless fallback, without sessions. Requests with a foreign Host or
 * Origin are refused with 403 before their body is read. At most `maxConnections`
 * connections are open at once (http/connection-cap.ts).
 */
export function startHttpServer(options: HttpServerOptions): Promise<McpHttpServer>;
/**
 * The same endpoint with state kept per MCP session (the sandbox's spaces): each request
 * is still answered by a fresh server, built by `createServer` for the request's session,
 * and 2025 clients get an `Mcp-Session-Id` in answer to their `initialize`.
 */
export function startHttpServer<S>(options: SessionHttpServerOptions<S>): Promise<McpHttpServer>;
export async function startHttpServer<S>(
  options: HttpServerOptions | SessionHttpServerOptions<S>,
): Promise<McpHttpServer> {
  const instances = new InstanceCount();
  const build = async (request: Request | undefined): Promise<McpServer> => {
    if (!('sessions' in options)) return options.createServer();
    // The session endpoint named the request's session in its headers, and opened it.
    const id = request?.headers.get(SESSION_HEADER);
    if (!id) throw new Error('a request reached the MCP handler without a session');
    return options.createServer(await options.sessions.open(id));
  };
  const handler = createMcpHandler(async (ctx) => instances.track(await build(ctx.requestInfo)), {
    legacy: 'stateless',
  });
  const serveMcp =
    'sessions' in options ? sessionEndpoint(options.sessions, handler.fetch) : handler.fetch;
  let base = '';

  const answer = async (request: Request): Promise<Response> => {
    const refused = refuseForeignRequest(request);
    if (refused) return refused;
    if (new URL(request.url).pathname !== PATH) {
      return rpcError(404, -32000, `Not found: the MCP endpoint is ${PATH}`);
    }
    return serveMcp(request);
  };

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    // Past the connection cap: an answer, never a reset (http/connection-cap.ts).
    if (overCap(req.socket)) {
      const body = rpcErrorBody(-32000, 'Service Unavailable: too many open connections');
      res.writeHead(503, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'retry-after': '1',
        connection: 'close',
      });
      res.end(body);
      return;
    }
    let response: Response;
    let request: Request | undefined;
    try {
      request = toWebRequest(req, res, base);
      response = await answer(request);
    } catch {
      // No stack trace or detail leaves the process: a request node:http accepted but
      // that is no valid URL is the client's fault; anything later is ours.
      response = request
        ? rpcError(500, -32603, 'Internal error')
        : rpcError(400, -32600, 'Bad Request');
    }
    try {
      await sendWebResponse(res, response);
    } catch {
      // The client went away mid-response; nothing is left to answer.
      res.destroy();
    }
  };

  // No Host is refused by the guard (403, as JSON-RPC) rather than by Node (a bare 400).
  const timeouts = options.timeouts ?? HEAD_TIMEOUTS;
  const listener = createServer(
    {
      requireHostHeader: false,
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    (req, res) => {
      void serve(req, res);
    },
  );
  answerUnparsedRequests(listener);
  const overCap = capConnections(listener, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS);
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port, '127.0.0.1', () => {
      listener.off('error', reject);
      resolve();
    });
  });
  const { port } = listener.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}${PATH}`,
    get activeServers() {
      return instances.open;
    },
    async close() {
      await handler.close();
      await new Promise<void>((resolve) => {
        listener.close(() => resolve());
        listener.closeAllConnections();
      });
    },
  };
}
