import type { RefClient } from '@refapi/sdk';
import { SpendBudget } from '../budget';
import type { HttpSessions } from '../http/session-endpoint';
import { createSharedState, type SharedState } from '../server';
import { sandboxClient } from './sandbox-client';
import { SandboxUnavailableError, type SpaceAdmin } from './space-admin';
import { SpaceLease } from './space-lease';

/** One sandbox session: the demo account on a space of its own. */
export interface SandboxSession {
  /** What the session is known by (over HTTP, its `Mcp-Session-Id`). */
  readonly id: string;
  /** The client of its tools: the demo key, on its space only. */
  readonly client: RefClient;
  /**
   * Its own budget and idempotency keys: each session is a demo account of its own, so
   * `--max-spend` applies per session (order refs repeat from one space to the next).
   */
  readonly shared: SharedState;
  /** The space it works on now (a new one once the server deleted it unused). */
  readonly spaceId: string;
  /**
   * What the agent must be told about its session before its next tool result (its earlier
   * space was ended for room or deleted unused), once; undefined when nothing happened.
   */
  takeNotice(): string | undefined;
}

/** Options of {@link SandboxSessions}. */
export interface SandboxSessionsOptions {
  /** Sessions held at once; opening one more ends the least recently used. Default 256. */
  readonly max?: number | undefined;
  /** Real seconds a session's space may go unused before the server deletes it. */
  readonly ttlSeconds?: number | undefined;
  /** `--max-spend` in cents: each session gets a budget of this much. */
  readonly budgetCents?: number | undefined;
  /** Name of the spaces in `GET /__admin/spaces` (a safe space name). Default `refapi-mcp-session`. */
  readonly spaceName?: string | undefined;
  /** One line per space replaced or session ended for room (no session ids). */
  readonly log?: ((line: string) => void) | undefined;
}

/** The `--max-spaces` default of the reference server, and so the default cap here. */
export const MAX_SANDBOX_SESSIONS = 256;

/** Ids of sessions ended for room that are remembered (to tell their agents), per session held. */
const EVICTED_PER_SESSION = 4;

interface Held {
  readonly session: SandboxSession;
  readonly lease: SpaceLease;
}

/**
 * The sessions of the sandbox, each on a space of its own (an isolated copy-on-write copy
 * of the demo scenario): what one session writes, no other sees, and the root state every
 * space is forked from stays as loaded. A session's space is made when it opens.
 *
 * Bounded twice: at most `max` sessions are held (opening one more ends the longest idle,
 * deleting its space; if it comes back it starts over on a new space and its next tool
 * result says so), and the server deletes a space left unused for its ttl, after which the
 * session's next call moves to a new space, and says so too (see {@link SpaceLease}).
 */
export class SandboxSessions implements HttpSessions<SandboxSession> {
  readonly #admin: SpaceAdmin;
  readonly #options: SandboxSessionsOptions;
  readonly #max: number;
  // In order of use, least recent first: a Map keeps insertion order and a use re-inserts.
  readonly #held = new Map<string, Promise<Held>>();
  // Sessions ended for room, oldest first (bounded): their next call starts over, told so.
  readonly #evicted = new Set<string>();

  constructor(admin: SpaceAdmin, options: SandboxSessionsOptions = {}) {
    this.#admin = admin;
    this.#options = options;
    this.#max = options.max ?? MAX_SANDBOX_SESSIONS;
    if (!Number.isSafeInteger(this.#max) || this.#max < 1) {
      throw new RangeError(`max must be a positive integer, got ${this.#max}`);
    }
  }

  /** Sessions held now. */
  get size(): number {
    return this.#held.size;
  }

  /** Whether `id` is held, or was ended for room (its next call reopens it, told so). */
  has(id: string): boolean {
    return this.#held.has(id) || this.#evicted.has(id);
  }

  /**
   * The session `id`, opened with a new space when it is not held. Rejects with a
   * `SandboxUnavailableError` saying why when no space can be made.
   */
  async open(id: string): Promise<SandboxSession> {
    const known = this.#held.get(id);
    if (known !== undefined) {
      this.#held.delete(id);
      this.#held.set(id, known);
      return (await known).session;
    }
    // Room first: the server holds no more spaces than sessions are held here.
    const ended: Promise<void>[] = [];
    for (const [oldest, held] of this.#held) {
      if (this.#held.size < this.#max) break;
      this.#held.delete(oldest);
      this.#remember(oldest);
      ended.push(this.#evict(held));
    }
    const returning = this.#evicted.delete(id);
    const opening = Promise.all(ended).then(() => this.#make(id, returning));
    this.#held.set(id, opening);
    opening.catch(() => {
      if (this.#held.get(id) === opening) this.#held.delete(id);
    });
    return (await opening).session;
  }

  /** Ends the session `id`: its space is deleted. False when it is not held. */
  async end(id: string): Promise<boolean> {
    // Ended by its own client: no longer one to tell anything.
    const forgotten = this.#evicted.delete(id);
    const held = this.#held.get(id);
    if (held === undefined) return forgotten;
    this.#held.delete(id);
    await held.then((h) => h.lease.close()).catch(() => {});
    return true;
  }

  /** Ends every session. */
  async close(): Promise<void> {
    await Promise.all([...this.#held.keys()].map((id) => this.end(id)));
  }

  #remember(id: string): void {
    this.#evicted.add(id);
    if (this.#evicted.size > this.#max * EVICTED_PER_SESSION) {
      this.#evicted.delete(this.#evicted.values().next().value as string);
    }
  }

  async #make(id: string, evicted: boolean): Promise<Held> {
    const { log, budgetCents, spaceName, ttlSeconds } = this.#options;
    let notice = evicted
      ? `Note: this sandbox session was ended to make room (the sandbox holds ${this.#max} sessions and this one had been idle the longest): its space and everything done in it (orders, services, Shield rules) are gone. It starts over on a fresh copy of the demo data.`
      : undefined;
    const lease = await SpaceLease.open(
      this.#admin,
      { name: spaceName ?? 'refapi-mcp-session', ttlSeconds },
      (gone, fresh) => {
        notice =
          'Note: this sandbox session was unused for longer than its space may be kept, so the space was deleted with everything done in it (orders, services, Shield rules). It starts over on a fresh copy of the demo data.';
        log?.(
          `sandbox: space ${gone} of a session was deleted unused; the session starts over from the demo data on ${fresh}`,
        );
      },
    ).catch((error: unknown) => {
      // What reaches a client says why, and nothing else (no stack, no server detail).
      if (error instanceof SandboxUnavailableError) throw error;
      throw new SandboxUnavailableError('the sandbox could not open a space');
    });
    const client = sandboxClient(lease.baseUrl, lease.fetch);
    const budget = budgetCents === undefined ? undefined : new SpendBudget(budgetCents);
    const session: SandboxSession = {
      id,
      client,
      shared: createSharedState(client, budget),
      get spaceId() {
        return lease.spaceId;
      },
      takeNotice() {
        const told = notice;
        notice = undefined;
        return told;
      },
    };
    return { session, lease };
  }

  // Ends the least recently used session to make room for a new one.
  async #evict(held: Promise<Held>): Promise<void> {
    // A session that never opened has no space to delete.
    const opened = await held.catch(() => undefined);
    if (opened === undefined) return;
    await opened.lease.close().catch(() => {});
    this.#options.log?.(
      `sandbox: ${this.#max} sessions held, so the least recently used one ended (its space ${opened.lease.spaceId} deleted)`,
    );
  }
}
