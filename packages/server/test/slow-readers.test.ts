// Clients that stop reading (reference spec, Edges: slow readers): what the server holds for
// them is observed from inside node:http (its diagnostics channel), in bytes.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNSENT_BYTES } from '../src/api/unsent-limit';
import { createReferenceServer, type ListeningServer } from '../src/index';

const ADMIN = 'test-admin-token';
const KIB = 1024;
const ASSET_BYTES = 256 * KIB;
/** Pipelined requests per attack: far more than the kernel's socket buffers take of answers. */
const PIPELINED = 300;

const dir = mkdtempSync(join(tmpdir(), 'refapi-slow-'));
const server = createReferenceServer({ adminToken: ADMIN });
let listening: ListeningServer;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html>');
  writeFileSync(join(dir, 'assets', 'big-1.js'), 'x'.repeat(ASSET_BYTES));
  listening = await server.listen({ port: 0, host: '127.0.0.1', consoleDir: dir });
});
afterAll(async () => {
  await listening.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The responses the server under test starts, and the most they held unsent at once. */
function watchResponses() {
  const open = new Map<ServerResponse, string>();
  let started = 0;
  let maxUnsent = 0;
  const unsent = () => {
    let bytes = 0;
    for (const res of open.keys()) bytes += res.writableLength;
    return bytes;
  };
  const onStart = (message: unknown) => {
    const { request, response, socket } = message as {
      request: { url: string };
      response: ServerResponse;
      socket: Socket;
    };
    if (socket.localPort !== listening.port) return;
    started++;
    open.set(response, request.url);
    const done = () => open.delete(response);
    response.once('finish', done).once('close', done);
  };
  subscribe('http.server.request.start', onStart);
  const sampler = setInterval(() => {
    maxUnsent = Math.max(maxUnsent, unsent());
  }, 5);
  return {
    started: () => started,
    maxUnsent: () => Math.max(maxUnsent, unsent()),
    response: (url: string) => [...open].find(([, path]) => path === url)?.[0],
    stop() {
      clearInterval(sampler);
      unsubscribe('http.server.request.start', onStart);
    },
  };
}

/** Writes `requests` on one connection that does not read. */
async function pipeline(requests: string): Promise<Socket> {
  const socket = connect(listening.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.pause();
  socket.write(requests);
  return socket;
}

/** Waits until the server has started no request and written nothing more for 300 ms. */
async function settle(watch: ReturnType<typeof watchResponses>): Promise<void> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = `${watch.started()} ${watch.maxUnsent()}`;
    if (now === last && i >= 3) return;
    last = now;
  }
}

/** Reads `count` responses off the socket; resolves with their statuses, in order. */
function readResponses(socket: Socket, count: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const statuses: number[] = [];
    let buffer: Buffer = Buffer.alloc(0);
    let bodyLeft = 0;
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        const take = Math.min(bodyLeft, buffer.length);
        bodyLeft -= take;
        buffer = buffer.subarray(take);
        if (bodyLeft > 0) return;
        if (statuses.length === count) return resolve(statuses);
        const end = buffer.indexOf('\r\n\r\n');
        if (end === -1) return;
        const head = buffer.subarray(0, end).toString('latin1');
        statuses.push(Number(head.split(' ')[1]));
        bodyLeft = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        buffer = buffer.subarray(end + 4);
      }
    });
    socket.on('error', reject);
    socket.resume();
  });
}

describe('a client that stops reading', () => {
  it('is not read further once its unsent console files pass 1 MiB, then gets every answer', async () => {
    const watch = watchResponses();
    // Padded so the requests take several reads: the server must stop between them.
    const request = `GET /__console/assets/big-1.js HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ${'p'.repeat(2 * KIB)}\r\n\r\n`;
    const socket = await pipeline(request.repeat(PIPELINED));
    await settle(watch);
    watch.stop();
    expect(watch.maxUnsent()).toBeLessThanOrEqual(MAX_UNSENT_BYTES + ASSET_BYTES + KIB);
    expect(watch.started()).toBeLessThan(PIPELINED);
    expect(await readResponses(socket, PIPELINED)).toEqual(Array(PIPELINED).fill(200));
    socket.destroy();
  });

  it('holds at most 1 MiB of unsent API and admin answers, then gets them all in order', async () => {
    const state = await (
      await fetch(`${listening.url}/__admin/state`, {
        headers: { authorization: `Bearer ${ADMIN}` },
      })
    ).text();
    const watch = watchResponses();
    const auth = `Authorization: Bearer ${ADMIN}`;
    const requests = Array.from({ length: PIPELINED }, (_, i) =>
      i % 2 === 0
        ? `GET /__admin/state HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}\r\n\r\n`
        : `POST /__admin/clock HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}\r\nContent-Type: application/json\r\nContent-Length: 21\r\n\r\n{"advance_seconds":1}`,
    );
    const before = server.admin.clock.now().now;
    const socket = await pipeline(requests.join(''));
    await settle(watch);
    watch.stop();
    expect(watch.maxUnsent()).toBeLessThanOrEqual(MAX_UNSENT_BYTES + state.length + KIB);
    expect(await readResponses(socket, PIPELINED)).toEqual(Array(PIPELINED).fill(200));
    // Each clock call ran once, in order.
    const advanced = Date.parse(server.admin.clock.now().now) - Date.parse(before);
    expect(Math.round(advanced / 1000)).toBeGreaterThanOrEqual(PIPELINED / 2);
    socket.destroy();
  });

  it('is dropped from the journal stream once it has more than 1 MiB unsent', async () => {
    const watch = watchResponses();
    const socket = await pipeline(
      `GET /__admin/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ADMIN}\r\n\r\n`,
    );
    await expect.poll(() => watch.response('/__admin/requests/stream')).toBeDefined();
    const stream = watch.response('/__admin/requests/stream') as ServerResponse;
    let closed = false;
    stream.once('close', () => {
      closed = true;
    });
    // In-process requests: the loop below never waits on I/O, so the drop is seen as `destroyed`.
    // Each request journals a 16 KiB body of control characters: ~100 KB of event each.
    const body = '\u0001'.repeat(16 * KIB);
    let maxUnsent = 0;
    for (let i = 0; i < 300 && !stream.destroyed; i++) {
      if (i % 100 === 99) server.admin.clock.advance(60); // a fresh write window
      await server.fetch(`${server.baseUrl}/orders`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer refak_demo_eur_full',
          'content-type': 'application/json',
        },
        body,
      });
      maxUnsent = Math.max(maxUnsent, stream.writableLength);
    }
    watch.stop();
    await expect.poll(() => closed).toBe(true);
    expect(maxUnsent).toBeLessThanOrEqual(MAX_UNSENT_BYTES + 128 * KIB);
    socket.destroy();
  });
});
