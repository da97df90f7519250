import type { ControlDescription, RequestEntry, SpaceInfo } from '@refapi/server/browser';
import { vi } from 'vitest';

/**
 * The browser's EventSource, driven by the test: `open()`, `push()` an entry, `drop()` it
 * the way the browser gives up after a 401. Every instance is kept, to count (re)connects.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  push(entry: RequestEntry) {
    if (this.readyState === FakeEventSource.CLOSED) return;
    this.dispatchEvent(new MessageEvent('request', { data: JSON.stringify(entry) }));
  }

  drop() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The browser's BroadcastChannel within one test: a message reaches the other open channels
 * of its name on the next microtask. The runtime's own (Node's) would carry a message posted
 * in one test into the next one's console.
 */
class FakeBroadcastChannel {
  static open: FakeBroadcastChannel[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly name: string) {
    FakeBroadcastChannel.open.push(this);
  }

  postMessage(data: unknown) {
    for (const other of FakeBroadcastChannel.open) {
      if (other !== this && other.name === this.name) {
        queueMicrotask(() => other.onmessage?.(new MessageEvent('message', { data })));
      }
    }
  }

  close() {
    FakeBroadcastChannel.open = FakeBroadcastChannel.open.filter((channel) => channel !== this);
  }
}

/**
 * The admin API as far as the console's shell uses it: signed in (`session.in`), an empty
 * state and journal, a frozen clock (or `clock`). `POST /session` signs in whatever the
 * token, or with a sign-in code of `codes` once (`fresh` → `used`); `DELETE /session` stays
 * unanswered until `endSession()`, like a slow server. While `network.down`, every call
 * fails as a stopped server's would (a TypeError). Installs itself, {@link FakeEventSource}
 * and {@link FakeBroadcastChannel} as globals.
 * With `controls`, `GET /controls` describes them and a `POST` to a control's path merges
 * the body into its value (kept in `posted`); without, `/controls` is a 404 (older servers).
 * `spaces` are listed by `GET /spaces`; under `/spaces/{id}` a listed space answers as the
 * root does, any other 404 `space_not_found` (remove one from the array to delete it).
 * `POST /top-ups` is kept in `posted` and answered 201.
 * With `stateFails`, `GET /state` answers it (a status and an error code) instead.
 */
export function fakeAdmin({
  controls,
  clock = { now: '2026-01-01T00:00:00.000Z', frozen: true },
  spaces = [],
  stateFails,
}: {
  controls?: ControlDescription[];
  /** `GET /clock` (and `POST /clock`: the clock with `applied`, when given, as a move answers). */
  clock?: { now: string; frozen: boolean; next_events?: unknown[]; applied?: unknown[] };
  spaces?: SpaceInfo[];
  stateFails?: { status: number; error: string };
} = {}) {
  const session = { in: true };
  const network = { down: false };
  const codes = new Map<string, 'fresh' | 'used'>();
  const posted: { path: string; body: unknown }[] = [];
  const values = new Map(controls?.map((control) => [control.path, control.value]));
  let endSession: () => void = () => undefined;
  const calls: string[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${path}`);
    if (network.down) throw new TypeError('Failed to fetch');
    const space = /^\/spaces\/([^/]+)(\/.*)$/.exec(path);
    if (space && !spaces.some((listed) => listed.space_id === space[1])) {
      return json(404, { error: 'space_not_found' });
    }
    const url = space?.[2] ?? path;
    if (url === '/__admin/health') return json(200, { status: 'ok' });
    if (method === 'DELETE' && url === '/__admin/session') {
      await new Promise<void>((done) => {
        endSession = done;
      });
      session.in = false;
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && url === '/__admin/session') {
      const code = (init.headers as Record<string, string> | undefined)?.['x-refapi-sign-in-code'];
      if (code !== undefined) {
        const state = codes.get(code);
        if (state !== 'fresh') {
          const reason = state ?? 'unknown';
          return json(401, { error: `invalid_admin_token: sign-in code ${reason}` });
        }
        codes.set(code, 'used');
      }
      session.in = true;
      return new Response(null, { status: 204 });
    }
    if (!session.in) return json(401, { error: 'admin_token_required' });
    if (url === '/__admin/whoami') return json(200, { admin: true });
    if (url.startsWith('/__admin/requests')) return json(200, { requests: [] });
    if (url === '/__admin/state' && stateFails !== undefined) {
      return json(stateFails.status, { error: stateFails.error });
    }
    if (url === '/__admin/state') return json(200, { rates: { EUR: 1 }, plans: [], accounts: [] });
    if (url === '/__admin/clock') return json(200, clock);
    if (url === '/__admin/spaces' && !space) return json(200, { spaces });
    if (url === '/__admin/snapshots') return json(200, { snapshots: [] });
    if (url === '/__admin/controls' && controls !== undefined) {
      return json(200, {
        controls: controls.map((control) => ({ ...control, value: values.get(control.path) })),
      });
    }
    if (method === 'POST' && url === '/__admin/top-ups') {
      const body = JSON.parse(String(init.body)) as { account_ref: string; amount: number };
      posted.push({ path, body });
      return json(201, { transaction: { type: 'top_up', amount: body.amount } });
    }
    if (method === 'POST' && values.has(url)) {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push({ path, body });
      values.set(url, { ...(values.get(url) as object), ...body });
      return json(200, values.get(url));
    }
    return json(404, { error: 'not_found' });
  });
  FakeEventSource.instances = [];
  FakeBroadcastChannel.open = [];
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('BroadcastChannel', FakeBroadcastChannel);
  vi.stubGlobal('EventSource', FakeEventSource);
  return {
    session,
    network,
    codes,
    calls,
    posted,
    spaces,
    fetch,
    endSession: () => endSession(),
  };
}
