import { once } from 'node:events';
import { type IncomingHttpHeaders, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { RefClient } from '@refapi/sdk';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startHttpServer } from '../src/http-server';
import { createRefMcpServer, createSharedState } from '../src/server';
import { spawnHttp, stop } from './helpers/mcp-client';

let server: Awaited<ReturnType<typeof spawnHttp>>;
beforeAll(async () => {
  server = await spawnHttp(['--sandbox']);
});
afterAll(() => stop(server.child));

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};

// node:http rather than fetch: fetch does not let a caller set the Host header. A string
// body is sent as is (e.g. malformed JSON); anything else as JSON.
function post(host: string, body: unknown, headers: Record<string, string> = {}, path?: string) {
  const url = new URL(server.url);
  return new Promise<{ status: number; text: string; headers: IncomingHttpHeaders }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: path ?? url.pathname,
          method: 'POST',
          headers: {
            host,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(typeof body === 'string' ? body : JSON.stringify(body));
    },
  );
}

const loopback = () => `127.0.0.1:${new URL(server.url).port}`;

/** Sends `request` as is on a raw socket (node:http refuses to send malformed ones) and reads the answer. */
function rawExchange(request: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolve(text)).on('error', reject);
  });
}

describe('the Streamable HTTP endpoint', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('rejects a foreign Host (DNS rebinding) before reading the request', async () => {
    const url = new URL(server.url);
    const response = await post(`evil.example:${url.port}`, INIT);
    expect(response.status).toBe(403);
    expect(response.text).toMatch(/Invalid Host/);
  });

  it('accepts the loopback names', async () => {
    const url = new URL(server.url);
    for (const host of [`127.0.0.1:${url.port}`, `localhost:${url.port}`]) {
      expect((await post(host, INIT)).status).toBe(200);
    }
  });

  it('refuses a foreign Origin with 403, and accepts a loopback Origin or none', async () => {
    const { port } = new URL(server.url);
    for (const origin of ['https://evil.example', `http://evil.example:${port}`, 'null']) {
      const refused = await post(loopback(), INIT, { origin });
      expect(refused.status, origin).toBe(403);
      expect(JSON.parse(refused.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
      expect(refused.text).toMatch(/Invalid Origin/);
    }
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      expect((await post(loopback(), INIT, { origin })).status, origin).toBe(200);
    }
    expect((await post(loopback(), INIT)).status).toBe(200);
  });

  it('gives each 2025 session an id, serves requests in the session they name or none, and refuses invented ids', async () => {
    // The sandbox keeps a space per session (the endpoint is otherwise stateless).
    const init = await post(loopback(), INIT);
    expect(init.status).toBe(200);
    const id = init.headers['mcp-session-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await post(loopback(), INIT)).headers['mcp-session-id']).not.toBe(id);
    // A request in that session, or in none (the shared default session).
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    for (const headers of [{ 'mcp-session-id': String(id) }, {}]) {
      const listed = await post(loopback(), list, headers);
      expect(listed.status).toBe(200);
      expect(listed.headers['mcp-session-id']).toBeUndefined();
      expect(listed.text).toContain('"balance_get"');
    }
    // One the server never gave: 404, nothing opened.
    const invented = await post(loopback(), list, { 'mcp-session-id': 'mine' });
    expect(invented.status).toBe(404);
    expect(JSON.parse(invented.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 } });
    const bad = await post(loopback(), list, { 'mcp-session-id': 'not visible ascii' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it('answers malformed JSON with a 4xx, and keeps serving', async () => {
    const bad = await post(loopback(), '{"jsonrpc":');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(JSON.parse(bad.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    expect(bad.text).not.toMatch(/\bat \S+:\d+/);
    expect((await post(loopback(), INIT)).status).toBe(200);
  });

  it('answers a request target that is no URL with a JSON-RPC 400, and keeps serving', async () => {
    const { port } = new URL(server.url);
    // A raw socket: node:http clients refuse to send such a target.
    const raw = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.end(
          `POST http://[x/mcp HTTP/1.1\r\nHost: ${loopback()}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        );
      });
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text)).on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('"code":-32600');
    expect((await post(loopback(), INIT)).status).toBe(200);
  });

  it('answers what Node refuses before any handler (garbage, huge headers, CONNECT, Expect, no Host) with a JSON-RPC error', async () => {
    const host = `Host: ${loopback()}\r\n`;
    const cases: Array<[string, string, number, number]> = [
      ['garbage request line', 'HELLO WORLD\r\n\r\n', 400, -32600],
      [
        'over-long header',
        `POST /mcp HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        -32000,
      ],
      ['CONNECT', `CONNECT example.test:443 HTTP/1.1\r\n${host}\r\n`, 405, -32000],
      [
        'unknown Expect',
        `POST /mcp HTTP/1.1\r\n${host}Expect: 100-banana\r\nContent-Length: 2\r\n\r\n{}`,
        417,
        -32000,
      ],
      [
        'no Host',
        'POST /mcp HTTP/1.1\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}',
        403,
        -32000,
      ],
    ];
    for (const [label, request, status, code] of cases) {
      const answer = await rawExchange(request);
      expect(answer, label).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(answer.toLowerCase(), label).toContain('content-type: application/json');
      // The JSON body, whether sent whole or as one chunk.
      const body = answer.slice(answer.indexOf('{'), answer.lastIndexOf('}') + 1);
      expect(JSON.parse(body), label).toMatchObject({ jsonrpc: '2.0', error: { code }, id: null });
    }
    expect((await post(loopback(), INIT)).status).toBe(200);
  });

  it('answers another path with a JSON-RPC 404', async () => {
    const other = await post(loopback(), INIT, {}, '/other');
    expect(other.status).toBe(404);
    expect(JSON.parse(other.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
  });
});

/** An endpoint in process (its API unreachable: only the transport is under test); its port. */
async function inProcessEndpoint(
  options: Pick<Parameters<typeof startHttpServer>[0], 'maxConnections' | 'timeouts'>,
) {
  const client = new RefClient({ apiKey: 'refak_demo_eur_full', baseUrl: 'http://127.0.0.1:9/v1' });
  const shared = createSharedState(client);
  const http = await startHttpServer({
    port: 0,
    ...options,
    createServer: () => createRefMcpServer({ client, shared }),
  });
  onTestFinished(() => http.close());
  return Number(new URL(http.url).port);
}

describe('the connection cap', () => {
  const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

  /** An endpoint in process that holds at most `max` connections open. */
  const capped = (max: number) => inProcessEndpoint({ maxConnections: max });

  /** A connection that sends nothing, and whether the server closed it. */
  async function idle(port: number) {
    const socket = connect(port, '127.0.0.1');
    const held = { socket, closed: false };
    socket.on('close', () => (held.closed = true)).on('error', () => {});
    onTestFinished(() => {
      socket.destroy();
    });
    await once(socket, 'connect');
    return held;
  }

  /** A ping on a connection of its own, and the whole answer, read until the connection closes. */
  function ping(port: number): Promise<string> {
    const request = [
      'POST /mcp HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      'Accept: application/json, text/event-stream',
      'Connection: close',
      `Content-Length: ${PING.length}`,
      '',
      PING,
    ].join('\r\n');
    return new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text)).on('error', reject);
    });
  }

  it('answers a request on a connection past the cap 503, closes it, and serves again once one closes', async () => {
    const port = await capped(3);
    const held = [await idle(port), await idle(port), await idle(port)];
    // The fourth is let in, never reset: its request is answered, as ref-server answers one.
    const refused = await ping(port);
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.toLowerCase()).toContain('retry-after: 1\r\n');
    expect(refused.toLowerCase()).toContain('connection: close\r\n');
    expect(JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4))).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Service Unavailable: too many open connections' },
      id: null,
    });
    expect(held.map((connection) => connection.closed)).toEqual([false, false, false]);
    // One closes: the server counts it out as soon as it sees it go.
    (held[0] as { socket: Socket }).socket.destroy();
    let served = '';
    for (let attempt = 0; attempt < 50 && !served.startsWith('HTTP/1.1 200 '); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      served = await ping(port);
    }
    expect(served).toMatch(/^HTTP\/1\.1 200 /);
    expect(served).toContain('"result":{}');
  });

  it('closes a connection past the cap that sends nothing within 2 s, and keeps those under it', async () => {
    const port = await capped(2);
    const held = [await idle(port), await idle(port)];
    const past = await idle(port);
    await Promise.race([
      once(past.socket, 'close'),
      new Promise((done) => setTimeout(done, 4_000)),
    ]);
    expect([past.closed, held.map((connection) => connection.closed)]).toEqual([
      true,
      [false, false],
    ]);
  });
});

describe('slow connections', () => {
  /** An endpoint in process whose head and request deadlines are `headersMs` and `requestMs`. */
  const withDeadlines = (headersMs: number, requestMs: number) =>
    inProcessEndpoint({ timeouts: { headersMs, requestMs, checkEveryMs: 50 } });

  /** Opens a connection, writes `text`, and resolves to all it reads until the server closes it. */
  function heldOpen(port: number, text: string) {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    onTestFinished(() => {
      socket.destroy();
    });
    let read = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (read += chunk));
    return new Promise<string>((resolve) =>
      socket.on('close', () => resolve(read)).on('error', () => {}),
    );
  }

  it('closes a connection whose request head does not arrive in time, answering 408', async () => {
    const port = await withDeadlines(300, 10_000);
    const started = Date.now();
    const answer = await heldOpen(port, `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('{')))).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32000 },
      id: null,
    });
  });

  it('closes a connection whose body does not arrive in time', async () => {
    const port = await withDeadlines(200, 400);
    const head = [
      'POST /mcp HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Type: application/json',
      'Accept: application/json, text/event-stream',
      'Content-Length: 100',
      '',
      '{"jsonrpc"',
    ].join('\r\n');
    const started = Date.now();
    const answer = await heldOpen(port, head);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
