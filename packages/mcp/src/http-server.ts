import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

/** A running Streamable HTTP endpoint. */
export interface McpHttpServer {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** Closes every session and the listener. */
  close(): Promise<void>;
}

/** Options of {@link startHttpServer}. */
export interface HttpServerOptions {
  /** Builds the MCP server of one new session. */
  readonly createServer: () => McpServer;
  /** Port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
}

type Req = { headers: Record<string, string | string[] | undefined>; body?: unknown };
type Res = {
  headersSent: boolean;
  status(code: number): Res;
  json(body: unknown): void;
};

const rpcError = (res: Res, status: number, message: string) => {
  if (!res.headersSent) {
    res.status(status).json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  }
};

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1 only, one session per client. The MCP
 * SDK's express app rejects requests whose Host is not a loopback name (its DNS-rebinding
 * protection), before their body is read.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<McpHttpServer> {
  const app = createMcpExpressApp({ host: '127.0.0.1' });
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const sessionOf = (req: Req) => {
    const id = req.headers['mcp-session-id'];
    return typeof id === 'string' ? { id, transport: sessions.get(id) } : undefined;
  };

  app.post('/mcp', async (req: Req, res: Res) => {
    try {
      const session = sessionOf(req);
      if (session?.transport) {
        await session.transport.handleRequest(req as never, res as never, req.body);
        return;
      }
      if (session) return rpcError(res, 404, 'Session not found; initialize a new session');
      if (!isInitializeRequest(req.body)) {
        return rpcError(res, 400, 'Bad Request: no session; send initialize first');
      }
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, transport);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await options.createServer().connect(transport);
      await transport.handleRequest(req as never, res as never, req.body);
    } catch {
      rpcError(res, 500, 'Internal server error');
    }
  });

  // GET opens the session's notification stream; DELETE ends the session.
  const existing = async (req: Req, res: Res) => {
    const session = sessionOf(req);
    if (!session) return rpcError(res, 400, 'Bad Request: missing Mcp-Session-Id');
    if (!session.transport) return rpcError(res, 404, 'Session not found');
    try {
      await session.transport.handleRequest(req as never, res as never);
    } catch {
      rpcError(res, 500, 'Internal server error');
    }
  };
  app.get('/mcp', existing);
  app.delete('/mcp', existing);
  // express answers body-parser failures (malformed JSON, too large) with an HTML page
  // holding the stack trace; answer a JSON-RPC parse error instead. Four parameters mark
  // an express error handler.
  app.use((error: { status?: number }, _req: Req, res: Res, _next: unknown) => {
    const status = typeof error.status === 'number' && error.status < 500 ? error.status : 500;
    if (res.headersSent) return;
    res.status(status).json({
      jsonrpc: '2.0',
      error: {
        code: status === 500 ? -32603 : -32700,
        message: status === 500 ? 'Internal error' : 'Parse error',
      },
      id: null,
    });
  });

  const server: Server = await new Promise((resolve, reject) => {
    const listening: Server = app.listen(options.port, '127.0.0.1', (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => {})));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
