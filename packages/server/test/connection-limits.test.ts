// Many sockets from one address must not starve the others of file descriptors, and a
// burst past the cap gets answers, never resets.
import { EventEmitter } from 'node:events';
import { request } from 'node:http';
import { connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ListeningServer } from '../src/index';
import { createReferenceCore } from '../src/server/reference-core';
import {
  capConnectionsPerAddress,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  defaultMaxConnectionsPerAddress,
  openFileLimit,
} from '../src/transport/node/connection-cap';
import { listenHttp } from '../src/transport/node/listen';
import { startRefServer } from './ref-server-process';

const server = createReferenceServer();
let capped: ListeningServer;
let defaults: ListeningServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  capped = await server.listen({ port: 0, host: '127.0.0.1', maxConnectionsPerAddress: 8 });
  defaults = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await capped.close();
  await defaults.close();
});

/** An idle connection from `localAddress` (any 127.x.y.z is this machine's loopback). */
async function idle(port: number, localAddress: string) {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  let closed = false;
  socket.on('close', () => {
    closed = true;
  });
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve).once('close', resolve));
  return { socket, closed: () => closed };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GET on its own connection from `localAddress`: the status and headers, or the error code. */
function get(port: number, localAddress: string, path = '/__admin/health') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string } | string>(
    (resolve) => {
      const req = request({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      req.end();
    },
  );
}

describe('connections per remote address', () => {
  it('answers requests past the cap 503 too_many_connections (Retry-After: 1, Connection: close), never a reset', async () => {
    const held = [];
    for (let i = 0; i < 8; i++) held.push(await idle(capped.port, '127.0.0.2'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => get(capped.port, '127.0.0.2')),
    );
    for (const answer of answers) {
      expect(typeof answer === 'string' ? answer : answer.status).toBe(503);
      if (typeof answer === 'string') continue;
      expect(JSON.parse(answer.body)).toEqual({ error: 'too_many_connections' });
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.headers.connection).toBe('close');
    }
    expect(held.filter((c) => c.closed())).toEqual([]);
    // Other addresses are served.
    expect((await fetch(`${capped.url}/__admin/health`)).status).toBe(200);
    held[0]?.socket.destroy();
    await expect.poll(held[0]?.closed ?? (() => true)).toBe(true);
    await pause(50); // the server sees the close
    const again = await get(capped.port, '127.0.0.2');
    expect(typeof again === 'string' ? again : again.status).toBe(200);
  });

  it('closes an idle connection past the cap once it sent nothing for a while', async () => {
    const held = [];
    for (let i = 0; i < 8; i++) held.push(await idle(capped.port, '127.0.0.9'));
    const extra = await idle(capped.port, '127.0.0.9');
    await expect.poll(extra.closed, { timeout: 5_000 }).toBe(true);
    expect(held.filter((c) => c.closed())).toEqual([]);
    for (const { socket } of held) socket.destroy();
  });

  it('does not cap loopback clients unless a cap is given (local load tests)', async () => {
    const held = [];
    for (let i = 0; i < DEFAULT_MAX_CONNECTIONS_PER_ADDRESS + 20; i++) {
      held.push(await idle(defaults.port, '127.0.0.3'));
    }
    const answer = await get(defaults.port, '127.0.0.3');
    expect(typeof answer === 'string' ? answer : answer.status).toBe(200);
    expect(held.filter((c) => c.closed())).toHaveLength(0);
    for (const { socket } of held) socket.destroy();
  });

  it('caps other addresses at the default: past it, the connection is marked, not destroyed', () => {
    const server = new EventEmitter() as unknown as Server;
    const overCap = capConnectionsPerAddress(server, { max: 2, capLoopback: false });
    const socket = (remoteAddress: string) => {
      const fake = Object.assign(new EventEmitter(), {
        remoteAddress,
        bytesRead: 0,
        destroyed: false,
        destroy() {
          fake.destroyed = true;
        },
      });
      server.emit('connection', fake);
      return fake as unknown as Socket & { destroyed: boolean };
    };
    const [a, b, c] = [socket('192.0.2.1'), socket('192.0.2.1'), socket('192.0.2.1')];
    const loopback = [socket('127.0.0.1'), socket('::1'), socket('::ffff:127.0.0.1')];
    expect([a, b, c].map(overCap)).toEqual([false, false, true]);
    expect(loopback.map(overCap)).toEqual([false, false, false]);
    expect(overCap(socket('198.51.100.7'))).toBe(false);
    expect(c.destroyed).toBe(false);
    // A connection that closes makes room.
    (a as unknown as EventEmitter).emit('close');
    expect(overCap(socket('192.0.2.1'))).toBe(false);
  });
});

describe('a burst from one address', () => {
  /** 2,000 requests at once from `address`: how many got each status, or each socket error. */
  async function burst(port: number, address: string): Promise<Record<string, number>> {
    const answers = await Promise.all(Array.from({ length: 2_000 }, () => get(port, address)));
    const counts: Record<string, number> = {};
    for (const answer of answers) {
      const key = typeof answer === 'string' ? answer : String(answer.status);
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }

  // 2,000 connections at once: each needs two descriptors here (client and server side).
  const enoughFiles = (openFileLimit() ?? Number.POSITIVE_INFINITY) >= 4_500;

  it.skipIf(!enoughFiles)(
    'gets 2,000 HTTP answers for 2,000 concurrent requests, no resets',
    async () => {
      expect(await burst(defaults.port, '127.0.0.10')).toEqual({ 200: 2_000 });
    },
    60_000,
  );

  // The same burst against `ref-server` in a process of its own, as a load test meets it:
  // in process, the test's own event loop paces the connections (the burst above passed
  // even where a per-address cap and a short listen backlog reset 1,713 of these 2,000).
  it.skipIf(!enoughFiles)(
    'gets 2,000 HTTP answers from ref-server in its own process, no resets',
    async () => {
      const ref = await startRefServer([]);
      try {
        expect(await burst(Number(new URL(ref.origin).port), '127.0.0.11')).toEqual({
          200: 2_000,
        });
      } finally {
        await ref.kill();
      }
    },
    60_000,
  );
});

describe('idle connections', () => {
  it('are closed once they send no request head in time', async () => {
    const { handle, basePath, onError } = createReferenceCore();
    const quick = await listenHttp(
      handle,
      basePath,
      onError,
      {},
      { headersMs: 300, checkEveryMs: 50 },
    );
    try {
      const silent = await idle(quick.port, '127.0.0.4');
      const slow = await idle(quick.port, '127.0.0.4');
      slow.socket.write('GET /__admin/health HTTP/1.1\r\nHost: loc');
      silent.socket.resume();
      slow.socket.resume();
      await expect.poll(silent.closed, { timeout: 2_000 }).toBe(true);
      await expect.poll(slow.closed, { timeout: 2_000 }).toBe(true);
      expect((await fetch(`${quick.url}/__admin/health`)).status).toBe(200);
    } finally {
      await quick.close();
    }
  });
});

describe('the default cap', () => {
  it('is 256, or a quarter of the open-file limit where that is lower', () => {
    expect(defaultMaxConnectionsPerAddress(undefined)).toBe(256);
    expect(defaultMaxConnectionsPerAddress(1_048_576)).toBe(256);
    expect(defaultMaxConnectionsPerAddress(256)).toBe(64);
    expect(defaultMaxConnectionsPerAddress(2)).toBe(1);
  });

  it("reads the soft open-file limit from the OS's process limits", () => {
    const limits = (soft: string) => () =>
      `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                 1048576              files\n`;
    expect(openFileLimit(limits('256'))).toBe(256);
    expect(openFileLimit(limits('unlimited'))).toBeUndefined();
    expect(
      openFileLimit(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });
});
