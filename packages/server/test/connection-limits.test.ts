// Many idle sockets from one address must not starve the others of file descriptors.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  defaultMaxConnectionsPerAddress,
  openFileLimit,
} from '../src/http/connection-cap';
import { listenHttp } from '../src/http/listen';
import { createReferenceServer, type ListeningServer } from '../src/index';
import { createReferenceCore } from '../src/reference-core';

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

describe('connections per remote address', () => {
  it('closes each connection past the cap at once; other addresses are served', async () => {
    const held = [];
    for (let i = 0; i < 8; i++) held.push(await idle(capped.port, '127.0.0.2'));
    const extra = await idle(capped.port, '127.0.0.2');
    await expect.poll(extra.closed, { timeout: 1_000 }).toBe(true);
    expect(held.filter((c) => c.closed())).toEqual([]);
    expect((await fetch(`${capped.url}/__admin/health`)).status).toBe(200);
    held[0]?.socket.destroy();
    await expect.poll(held[0]?.closed ?? (() => true)).toBe(true);
    await pause(50); // the server sees the close
    const again = await idle(capped.port, '127.0.0.2');
    await pause(200);
    expect(again.closed()).toBe(false);
  });

  it('allows 256 by default (fewer only under a low open-file limit)', async () => {
    expect(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS).toBe(256);
    const allowed = defaultMaxConnectionsPerAddress();
    const held = [];
    for (let i = 0; i < allowed; i++) held.push(await idle(defaults.port, '127.0.0.3'));
    const extra = await idle(defaults.port, '127.0.0.3');
    await expect.poll(extra.closed, { timeout: 1_000 }).toBe(true);
    expect(held.filter((c) => c.closed())).toHaveLength(0);
    for (const { socket } of held) socket.destroy();
  });
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
