import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '../../api/api-request';
import { createNodeListener } from './node-listener';

let server: Server | undefined;
afterEach(async () => {
  vi.useRealTimers();
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
  server = undefined;
});

/** Serves `answer` through the listener; `log` records each request handled and each answer written. */
async function serve(
  answer: (path: string) => ApiResponse,
  onError: (error: unknown) => void = () => {},
) {
  const log: string[] = [];
  const listener = createNodeListener(async (request) => {
    log.push(`handled ${request.path}`);
    return answer(request.path);
  }, onError);
  server = createServer((req, res) => {
    const end = res.end.bind(res);
    res.end = ((...args: Parameters<typeof res.end>) => {
      log.push(`written ${req.url}`);
      return end(...args);
    }) as typeof res.end;
    void listener(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, log };
}

/** A connection to the server, open once the server has accepted it. */
async function openConnection(port: number) {
  const accepted = once(server as Server, 'connection');
  const socket = connect(port, '127.0.0.1');
  await Promise.all([once(socket, 'connect'), accepted]);
  const reply = new Promise<string>((done) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    socket.on('end', () => done(text));
  });
  /** Sends one raw HTTP/1.1 request; resolves to what the server sent back. */
  const request = (path: string) => {
    socket.write(`GET ${path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
    return reply;
  };
  return { request };
}

/** Blocks this thread (server and clients alike) so that what the clients sent piles up. */
function blockFor(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const json = (body: string): ApiResponse => ({ status: 200, headers: {}, body });

describe('createNodeListener', () => {
  it('writes the answers of requests that arrived together after handling all of them', async () => {
    const { port, log } = await serve((path) => json(`{"path":"${path}"}`));
    const [a, b] = [await openConnection(port), await openConnection(port)];
    const replies = Promise.all([a.request('/a'), b.request('/b')]);
    // Both requests wait in the kernel until the server next polls: it reads them in one round.
    blockFor(50);

    expect(await replies).toEqual([
      expect.stringContaining('{"path":"/a"}'),
      expect.stringContaining('{"path":"/b"}'),
    ]);
    // One round handles both, then writes both: the first answer's write wakes the client,
    // which is then awake for the second's.
    expect(log).toEqual(['handled /a', 'handled /b', 'written /a', 'written /b']);
  });

  it('answers 500 internal_error when a response cannot be written, and reports why', async () => {
    const errors: unknown[] = [];
    const { port } = await serve(
      () => ({ status: 200, headers: { 'x-broken': 'line\nbreak' }, body: '{}' }),
      (error) => errors.push(error),
    );
    const connection = await openConnection(port);

    const text = await connection.request('/broken');
    expect(text).toMatch(/^HTTP\/1\.1 500 /);
    expect(text).toContain('{"error":"internal_error"}');
    expect(errors).toEqual([expect.objectContaining({ code: 'ERR_INVALID_CHAR' })]);
  });

  it("keeps the unwritable answer's Request-Id and RateLimit-* headers on its 500", async () => {
    const { port } = await serve(() => ({
      status: 200,
      headers: {
        'request-id': 'req_abc123',
        'ratelimit-limit': '120',
        'ratelimit-remaining': '119',
        'ratelimit-reset': '42',
        'x-broken': 'line\nbreak',
      },
      body: '{}',
    }));
    const text = await (await openConnection(port)).request('/broken');
    expect(text).toMatch(/^HTTP\/1\.1 500 /);
    const head = text.toLowerCase();
    for (const line of [
      'request-id: req_abc123',
      'ratelimit-limit: 120',
      'ratelimit-remaining: 119',
      'ratelimit-reset: 42',
    ]) {
      expect(head).toContain(`\r\n${line}\r\n`);
    }
    expect(head).not.toContain('x-broken');
  });

  it('cuts only the connection of an answer it cannot write when onError throws too', async () => {
    const { port } = await serve(
      (path) =>
        path === '/broken'
          ? { status: 200, headers: { 'x-broken': 'line\nbreak' }, body: '{}' }
          : json('{"ok":true}'),
      () => {
        throw new Error('onError failed');
      },
    );
    const [broken, ok] = [await openConnection(port), await openConnection(port)];
    const replies = Promise.all([broken.request('/broken'), ok.request('/ok')]);
    blockFor(50);

    const [brokenReply, okReply] = await replies;
    expect(brokenReply).toBe('');
    expect(okReply).toContain('{"ok":true}');
  });

  it('answers while the test suite fakes timers (vi.useFakeTimers)', async () => {
    const { port } = await serve(() => json('{"ok":true}'));
    const connection = await openConnection(port);
    // A suite testing its own retries fakes the global timers; the answers of a server it
    // started in the same process still go out (node:timers' setImmediate is not faked).
    vi.useFakeTimers();

    expect(await connection.request('/me')).toContain('{"ok":true}');
  });
});
