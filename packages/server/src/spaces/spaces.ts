import { DomainError } from '../domain/errors';
import { base64UrlEncode } from '../internal/base64url';
import { randomBytes } from '../internal/crypto';
import type { SpaceRuntime } from './space-runtime';

/** A space as `GET /__admin/spaces` lists it (times are real time, ISO). */
export interface SpaceInfo {
  /** `sp_` and 22 random URL-safe characters. */
  readonly space_id: string;
  readonly name: string | null;
  readonly created_at: string;
  readonly last_used_at: string;
  /** When it is deleted unless used before. */
  readonly expires_at: string;
  /** API and admin requests it answered. */
  readonly requests: number;
}

/** What `POST /__admin/spaces` takes. */
export interface SpaceRequest {
  readonly name?: string | undefined;
  /** `scenario` (default), `current`, or a snapshot's name. */
  readonly from?: string | undefined;
  readonly ttl_seconds?: number | undefined;
}

/** Limits of a server's spaces. */
export interface SpacesOptions {
  /** Spaces held at once (`--max-spaces`, default 256): past it, 409 `space_limit_reached`. */
  readonly max?: number;
  /** Real seconds a space may go unused before it is deleted (default 3,600). */
  readonly ttlSeconds?: number;
}

/** Default of `--max-spaces`. */
const DEFAULT_MAX_SPACES = 256;
/** Default idle time before a space is deleted, in seconds. */
const DEFAULT_SPACE_TTL_SECONDS = 3600;
/** Longest `ttl_seconds` a space may ask for: 7 days. */
export const MAX_SPACE_TTL_SECONDS = 7 * 24 * 3600;

interface Space {
  readonly runtime: SpaceRuntime;
  readonly name: string | null;
  readonly createdMs: number;
  readonly ttlMs: number;
  lastUsedMs: number;
  requests: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The spaces of one server: each an isolated {@link SpaceRuntime} built by `build` from a
 * copy-on-write fork, looked up by id on every `/spaces/{id}/…` request. Idle spaces expire
 * in real time (checked at most once a second, on any lookup); the count is capped.
 */
export class Spaces {
  readonly #spaces = new Map<string, Space>();
  readonly #max: number;
  readonly #ttlMs: number;
  // Spaces being built (a recovered server loads the scenario for the first): they count.
  #building = 0;
  #sweptMs = 0;

  constructor(
    /** Builds a space's runtime from the request (its fork chosen by `from`). */
    private readonly build: (id: string, request: SpaceRequest) => Promise<SpaceRuntime>,
    options: SpacesOptions = {},
    private readonly nowMs: () => number = Date.now,
  ) {
    this.#max = options.max ?? DEFAULT_MAX_SPACES;
    this.#ttlMs = (options.ttlSeconds ?? DEFAULT_SPACE_TTL_SECONDS) * 1000;
  }

  /** Creates a space; 409 `space_limit_reached` past the cap. */
  async create(request: SpaceRequest): Promise<SpaceInfo> {
    this.#sweep(true);
    if (this.#spaces.size + this.#building >= this.#max) {
      throw new DomainError(409, 'space_limit_reached');
    }
    const id = `sp_${base64UrlEncode(randomBytes(16))}`;
    this.#building++;
    let runtime: SpaceRuntime;
    try {
      runtime = await this.build(id, request);
    } finally {
      this.#building--;
    }
    const now = this.nowMs();
    const space: Space = {
      runtime,
      name: request.name ?? null,
      createdMs: now,
      ttlMs: request.ttl_seconds === undefined ? this.#ttlMs : request.ttl_seconds * 1000,
      lastUsedMs: now,
      requests: 0,
    };
    this.#spaces.set(id, space);
    return this.#info(id, space);
  }

  /** The runtime of a live space, marked used (one request more); undefined when unknown or expired. */
  use(id: string): SpaceRuntime | undefined {
    this.#sweep(false);
    const space = this.#spaces.get(id);
    if (space === undefined) return undefined;
    const now = this.nowMs();
    if (now - space.lastUsedMs >= space.ttlMs) {
      this.#drop(id, space);
      return undefined;
    }
    space.lastUsedMs = now;
    space.requests++;
    return space.runtime;
  }

  /**
   * The runtime of a live space, not marked used: what answers the transport gives before
   * the request is taken (they keep no space alive). Undefined when unknown or expired.
   */
  peek(id: string): SpaceRuntime | undefined {
    const space = this.#spaces.get(id);
    if (space === undefined || this.nowMs() - space.lastUsedMs >= space.ttlMs) return undefined;
    return space.runtime;
  }

  /** Every live space, oldest first. */
  list(): SpaceInfo[] {
    this.#sweep(true);
    return [...this.#spaces].map(([id, space]) => this.#info(id, space));
  }

  /** The runtimes of the spaces held. */
  runtimes(): SpaceRuntime[] {
    return [...this.#spaces.values()].map((space) => space.runtime);
  }

  /** Deletes a space; 404 `space_not_found` when there is none. */
  delete(id: string): void {
    const space = this.#spaces.get(id);
    if (space === undefined) throw new DomainError(404, 'space_not_found');
    this.#drop(id, space);
  }

  // Forgets a space and ends its journal streams: an open stream would keep the whole
  // runtime (records, journal) reachable long after the space is gone.
  #drop(id: string, space: Space): void {
    this.#spaces.delete(id);
    space.runtime.close();
  }

  /** How many spaces are held. */
  get size(): number {
    return this.#spaces.size;
  }

  #info(id: string, space: Space): SpaceInfo {
    return {
      space_id: id,
      name: space.name,
      created_at: iso(space.createdMs),
      last_used_at: iso(space.lastUsedMs),
      expires_at: iso(space.lastUsedMs + space.ttlMs),
      requests: space.requests,
    };
  }

  // Drops expired spaces: on every listing and creation, else at most once a second.
  #sweep(always: boolean): void {
    const now = this.nowMs();
    if (!always && now - this.#sweptMs < 1000) return;
    this.#sweptMs = now;
    for (const [id, space] of this.#spaces) {
      if (now - space.lastUsedMs >= space.ttlMs) this.#drop(id, space);
    }
  }
}
