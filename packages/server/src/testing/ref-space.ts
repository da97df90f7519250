import type { OperationId } from '@refapi/schema';
import type { Faults } from '../controls/faults';
import { type DurationInput, isoDuration } from '../domain/duration';
import { isRequestEntry, type JournalItem } from '../request-journal';
import type { Scenario } from '../scenario/schema';
import type { ClockMove, ClockState, ClockView } from '../state/control-plane';
import type { FailNextOptions } from '../state/fail-next-queue';
import type { SnapshotInfo } from '../state/snapshots';
import type { CreatedSpace } from '../wire/admin-wire';
import {
  expectOne,
  type JournalEntry,
  matchesFilter,
  type RequestExpectation,
  type RequestFilter,
  toFilter,
} from './journal';
import { resolveRunnerHooks } from './runner-hooks';

/** Where the shared `ref-server` is, and what space to open there. */
export interface RefSpaceOptions {
  /** The server's origin, e.g. `http://127.0.0.1:4010`. Default: env `REF_SERVER_URL`. */
  readonly url?: string;
  /** Its admin token. Default: env `REF_ADMIN_TOKEN`. */
  readonly adminToken?: string;
  /** A name shown in `GET /__admin/spaces` and the console (e.g. `checkout-suite`): letters, digits, `._-`, at most 64, starting with a letter or digit. */
  readonly name?: string;
  /** `scenario` (default: the scenario the server loaded last), `current`, or a snapshot name. */
  readonly from?: string;
  /** Real seconds the space may sit unused before the server deletes it (default: the server's). */
  readonly ttlSeconds?: number;
  /** The fetch to use (default: the global one). */
  readonly fetch?: typeof fetch;
}

/**
 * A space of a shared reference server, driven over HTTP: the surface of `setupRefServer`
 * (clock, faults, Shield pause, `failNext`, the journal, state, reset) for an app or a
 * worker in another process. Every call is a request, so every method is async.
 */
export interface RefSpace {
  readonly spaceId: string;
  /** The API base URL of the space: give it to the app under test (SDK `baseUrl`, refctl `--base-url`). */
  readonly baseUrl: string;
  /** The space's admin API (`…/__admin`). */
  readonly adminUrl: string;
  /** The first API key of the first account of the space's state. */
  readonly apiKey: string;
  /** Every API key, by account ref. */
  readonly keys: Readonly<Record<string, readonly string[]>>;
  readonly clock: {
    now(): Promise<ClockState>;
    /**
     * Moves the space's clock by seconds, `{ months: 1 }` or an ISO 8601 duration (`'P1M'`)
     * and resolves to the clock and what fell due on the way (a move that could apply more
     * than 100,000 events rejects, 409 `clock_limit_reached`, the clock unmoved).
     */
    advance(duration: DurationInput): Promise<ClockMove>;
    /** The clock and the next 20 events that will fall due. */
    view(): Promise<ClockView>;
    set(now: string | Date): Promise<ClockState>;
    freeze(frozen?: boolean): Promise<ClockState>;
  };
  readonly shield: { pause(retryAfterSeconds?: number): Promise<void>; unpause(): Promise<void> };
  readonly faults: {
    power(mode: Faults['power']): Promise<void>;
    shield(mode: Faults['shield']): Promise<void>;
    latency(ms: number): Promise<void>;
  };
  /** The space's request journal, oldest first (entries answered by `failNext` are `injected`). */
  requests(filter?: RequestFilter): Promise<JournalEntry[]>;
  /**
   * The one request matching `filter` (or sent by applying a plan document); rejects,
   * listing the journal, when there are none or several.
   */
  expectOneRequest(filter: RequestExpectation): Promise<JournalEntry>;
  /** Answers the next request of `operationId` with `status` and `{error}` (queued in order). */
  failNext(operationId: OperationId, status: number, options?: FailNextOptions): Promise<void>;
  /** The space's whole state as a scenario document. */
  state(): Promise<Scenario>;
  /** Back to the scenario: records, clock, controls, journal, queued failures. */
  reset(): Promise<void>;
  readonly snapshots: {
    save(name: string): Promise<SnapshotInfo>;
    list(): Promise<SnapshotInfo[]>;
    restore(name: string): Promise<void>;
    delete(name: string): Promise<void>;
  };
  /** Deletes the space (its URLs then answer 404 `space_not_found`). */
  delete(): Promise<void>;
}

/** An admin call the server refused (or a server that could not be reached). */
export class RefSpaceError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when the server was not reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'RefSpaceError';
  }
}

function setting(value: string | undefined, env: string, what: string): string {
  const found = value ?? globalThis.process?.env?.[env];
  if (found === undefined || found === '') {
    throw new TypeError(`connectRefSpace: pass \`${what}\` or set ${env}`);
  }
  return found;
}

/**
 * Opens a space of its own on a shared `ref-server` (a copy-on-write fork: about a
 * millisecond) and returns its controls. Delete it when done (`setupRefSpace` does).
 * @example
 * const ref = await connectRefSpace({ url: 'http://127.0.0.1:4010', adminToken });
 * const sdk = new RefClient({ baseUrl: ref.baseUrl, apiKey: ref.apiKey });
 */
export async function connectRefSpace(options: RefSpaceOptions = {}): Promise<RefSpace> {
  const origin = setting(options.url, 'REF_SERVER_URL', 'url').replace(/\/+$/, '');
  const token = setting(options.adminToken, 'REF_ADMIN_TOKEN', 'adminToken');
  const fetcher = options.fetch ?? fetch;

  async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetcher(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new RefSpaceError(`${method} ${url}: ${(error as Error).message}`, 0);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new RefSpaceError(
        `${method} ${url} answered ${response.status} ${text}`,
        response.status,
      );
    }
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  const created = await call<CreatedSpace>('POST', `${origin}/__admin/spaces`, {
    ...(options.name === undefined ? {} : { name: options.name }),
    ...(options.from === undefined ? {} : { from: options.from }),
    ...(options.ttlSeconds === undefined ? {} : { ttl_seconds: options.ttlSeconds }),
  });
  const admin = created.admin_url;
  const basePath = new URL(created.base_url).pathname;
  const keys: Record<string, string[]> = {};
  const loadKeys = async () => {
    const { accounts } = await call<Scenario>('GET', `${admin}/state`);
    for (const ref of Object.keys(keys)) delete keys[ref];
    for (const account of accounts)
      keys[account.account_ref] = account.api_keys.map((k) => k.token);
  };
  await loadKeys();

  const clock = (body: Record<string, unknown>) => call<ClockState>('POST', `${admin}/clock`, body);
  const faults = async (body: Record<string, unknown>) => {
    await call('POST', `${admin}/faults`, body);
  };
  const requests = async (filter: RequestFilter = {}) => {
    const { requests: newestFirst } = await call<{ requests: JournalItem[] }>(
      'GET',
      `${admin}/requests`,
    );
    // Requests only: what the clock did is what `clock.advance` answers.
    const entries: JournalEntry[] = newestFirst
      .reverse()
      .filter(isRequestEntry)
      .map((entry) => ({
        ...entry,
        operationId: (entry.operation ?? undefined) as OperationId | undefined,
        injected: entry.fault === 'fail-next',
      }));
    return entries.filter((entry) => matchesFilter(entry, filter, basePath));
  };

  return {
    spaceId: created.space_id,
    baseUrl: created.base_url,
    adminUrl: admin,
    get apiKey(): string {
      const first = Object.values(keys)[0]?.[0];
      if (first === undefined) throw new Error('the space has no API key');
      return first;
    },
    keys,
    clock: {
      now: () => call<ClockState>('GET', `${admin}/clock`),
      advance: (duration) =>
        call<ClockMove>(
          'POST',
          `${admin}/clock`,
          typeof duration === 'number'
            ? { advance_seconds: duration }
            : { advance: isoDuration(duration) },
        ),
      view: () => call<ClockView>('GET', `${admin}/clock`),
      set: (now) => clock({ now: typeof now === 'string' ? now : now.toISOString() }),
      freeze: (frozen = true) => clock({ frozen }),
    },
    shield: {
      pause: async (retryAfter) => {
        await call('POST', `${admin}/shield`, {
          paused: true,
          ...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
        });
      },
      unpause: async () => {
        await call('POST', `${admin}/shield`, { paused: false });
      },
    },
    faults: {
      power: (power) => faults({ power }),
      shield: (shield) => faults({ shield }),
      latency: (ms) => faults({ latency_ms: ms }),
    },
    requests,
    async expectOneRequest(expected) {
      const filter = toFilter(expected);
      const all = await requests();
      return expectOne(
        all.filter((entry) => matchesFilter(entry, filter, basePath)),
        () => all,
        filter,
      );
    },
    async failNext(operationId, status, failure = {}) {
      await call('POST', `${admin}/fail-next`, {
        operation_id: operationId,
        status,
        ...(failure.retryAfter === undefined ? {} : { retry_after: failure.retryAfter }),
        ...(failure.error === undefined ? {} : { error: failure.error }),
      });
    },
    state: () => call<Scenario>('GET', `${admin}/state`),
    async reset() {
      await call('POST', `${admin}/reset`);
    },
    snapshots: {
      save: (name) => call<SnapshotInfo>('POST', `${admin}/snapshots`, { name }),
      list: async () =>
        (await call<{ snapshots: SnapshotInfo[] }>('GET', `${admin}/snapshots`)).snapshots,
      restore: async (name) => {
        await call('POST', `${admin}/snapshots/${encodeURIComponent(name)}/restore`);
      },
      delete: async (name) => {
        await call('DELETE', `${admin}/snapshots/${encodeURIComponent(name)}`);
      },
    },
    async delete() {
      await call('DELETE', `${origin}/__admin/spaces/${created.space_id}`);
    },
  };
}

/**
 * A space of its own for the test file it is called in: opened before all tests, reset
 * after each, deleted after all. Its members are there once the file's tests run.
 * @example
 * const ref = setupRefSpace(); // REF_SERVER_URL and REF_ADMIN_TOKEN from a global setup
 * it('buys', async () => { …; await ref.expectOneRequest({ operationId: 'createOrder' }) });
 */
export function setupRefSpace(options: RefSpaceOptions = {}): RefSpace {
  const hooks = resolveRunnerHooks();
  let space: RefSpace | undefined;
  const live = (): RefSpace => {
    if (space === undefined) throw new Error('setupRefSpace: the space opens in beforeAll');
    return space;
  };
  hooks.beforeAll(async () => {
    space = await connectRefSpace(options);
  });
  hooks.afterEach(() => space?.reset());
  hooks.afterAll(async () => {
    await space?.delete();
    space = undefined;
  });
  // Each member is read from the open space when used (the hooks open it later).
  return new Proxy({} as RefSpace, { get: (_target, name) => Reflect.get(live(), name) });
}
