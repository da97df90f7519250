// A deleted or expired space ends its journal streams at once and leaves nothing behind
// (reference spec section 8, Neighbours): an open stream kept the whole space reachable.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListeningServer } from '../src/index';
import { createReferenceCore } from '../src/server/reference-core';
import { listenHttp } from '../src/transport/node/listen';

const ADMIN = 'space-streams-admin';
const parts = createReferenceCore({ adminToken: ADMIN });
let listening: ListeningServer;

beforeAll(async () => {
  await parts.core.ready;
  listening = await listenHttp(parts.handle, parts.basePath, parts.onError);
});
afterAll(() => listening.close());

const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${listening.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function openSpaceWithStream(ttlSeconds?: number) {
  const created = await admin('POST', '/__admin/spaces', {
    ...(ttlSeconds === undefined ? {} : { ttl_seconds: ttlSeconds }),
  });
  const { space_id: id } = (await created.json()) as { space_id: string };
  const stream = await admin('GET', `/spaces/${id}/__admin/requests/stream`);
  expect(stream.status).toBe(200);
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  // Until its end, a stream only pings (every 15 s): `done` means the server ended it.
  const ended = (async () => {
    for (;;) if ((await reader.read()).done) return true;
  })();
  return { id, ended };
}

/** Weak references to a space's state and its journal (which its open stream referenced). */
function weakRefsOf(id: string): WeakRef<object>[] {
  const runtime = parts.spaces.use(id);
  if (runtime === undefined) throw new Error(`no space ${id}`);
  return [new WeakRef(runtime.ctx), new WeakRef(runtime.journal)];
}

/** A full garbage collection (V8's `gc`, exposed for this call). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('a deleted space', () => {
  it('ends its journal streams at once', async () => {
    const { id, ended } = await openSpaceWithStream();
    expect((await admin('DELETE', `/__admin/spaces/${id}`)).status).toBe(204);
    await expect(ended).resolves.toBe(true);
    expect((await admin('GET', `/spaces/${id}/__admin/requests/stream`)).status).toBe(404);
  });

  it('releases its state: nothing keeps the runtime reachable once deleted', async () => {
    const { id, ended } = await openSpaceWithStream();
    const refs = weakRefsOf(id);
    expect((await admin('DELETE', `/__admin/spaces/${id}`)).status).toBe(204);
    await ended;
    await expect
      .poll(
        () => {
          collectGarbage();
          return refs.map((ref) => ref.deref() === undefined);
        },
        { timeout: 5_000 },
      )
      .toEqual([true, true]);
  });
});

describe('an expired space', () => {
  it('ends its journal streams once it is found expired', async () => {
    // The spaces read the (faked) real-time clock from their start.
    vi.useFakeTimers({ toFake: ['Date'] });
    const expiring = createReferenceCore({ adminToken: ADMIN });
    const served = await listenHttp(expiring.handle, expiring.basePath, expiring.onError);
    const root = listening;
    listening = served;
    try {
      const { id, ended } = await openSpaceWithStream(60);
      vi.setSystemTime(Date.now() + 61_000);
      expect((await admin('GET', `/spaces/${id}/__admin/state`)).status).toBe(404);
      await expect(ended).resolves.toBe(true);
    } finally {
      vi.useRealTimers();
      listening = root;
      await served.close();
    }
  });
});
