import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a test server saw it. */
interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A node:http server on 127.0.0.1:0 whose behaviour the test scripts, like ky's own tests. */
export interface TestServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  close(): Promise<void>;
}

type Handler = (req: SeenRequest, res: ServerResponse, index: number) => void | Promise<void>;

/** Starts a server answering with `handler`; `index` counts requests from 0. */
export async function startTestServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const seen = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(seen);
    await handler(seen, res, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON answer with the rate-limit headers every API response carries. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'ratelimit-limit': '600',
    'ratelimit-remaining': '599',
    'ratelimit-reset': '42',
    ...headers,
  });
  res.end(JSON.stringify(body));
}
