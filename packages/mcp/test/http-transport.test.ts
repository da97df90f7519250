import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};

// node:http rather than fetch: fetch does not let a caller set the Host header.
function post(host: string, body: unknown, headers: Record<string, string> = {}) {
  const url = new URL(server.url);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
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
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
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

  it('answers a request without a session, or with an unknown one, with a JSON-RPC error', async () => {
    const url = new URL(server.url);
    const host = `127.0.0.1:${url.port}`;
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const none = await post(host, list);
    expect(none.status).toBe(400);
    expect(JSON.parse(none.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    const unknown = await post(host, list, { 'mcp-session-id': 'no-such-session' });
    expect(unknown.status).toBe(404);
  });

  it('answers malformed JSON with a 4xx, and keeps serving', async () => {
    const url = new URL(server.url);
    const host = `127.0.0.1:${url.port}`;
    const bad = await post(host, '{"jsonrpc":');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(JSON.parse(bad.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    expect(bad.text).not.toMatch(/\bat \S+:\d+/);
    expect((await post(host, INIT)).status).toBe(200);
  });
});
