import {
  type CreatedSpace,
  SandboxUnavailableError,
  type SpaceAdmin,
  type SpaceRequest,
} from './space-admin';

// `/spaces/<space_id>` at the start of a path, up to the next segment.
const SPACE_PATH = /^\/spaces\/[^/]+(?=\/|$)/;

/** `url` sent to `spaceId` instead of the space it names. */
function retarget(url: string, spaceId: string): URL {
  const target = new URL(url);
  // A session's requests are for its space only: one for any other path (the root's API,
  // whose state every session starts from) is never sent.
  if (!SPACE_PATH.test(target.pathname)) {
    throw new SandboxUnavailableError('a sandbox session only reaches its own space');
  }
  target.pathname = target.pathname.replace(SPACE_PATH, `/spaces/${spaceId}`);
  return target;
}

/** Whether the server answered that the space of the request does not exist (any more). */
async function spaceGone(response: Response): Promise<boolean> {
  if (response.status !== 404) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown } | null;
  return body?.error === 'space_not_found';
}

/**
 * One session's space, held for as long as the session lasts. `fetch` sends the session's
 * API calls there. The server deletes a space left unused for its ttl; the next call then
 * finds it gone (404 `space_not_found`, answered before anything ran) and is sent again to
 * a new space made from the scenario: the session starts over instead of failing.
 */
export class SpaceLease {
  readonly #admin: SpaceAdmin;
  readonly #request: SpaceRequest;
  readonly #onReplaced: (gone: string, fresh: string) => void;
  #current: CreatedSpace;
  #replacing: Promise<CreatedSpace> | undefined;
  #closed = false;

  private constructor(
    admin: SpaceAdmin,
    request: SpaceRequest,
    first: CreatedSpace,
    onReplaced: (gone: string, fresh: string) => void,
  ) {
    this.#admin = admin;
    this.#request = request;
    this.#current = first;
    this.#onReplaced = onReplaced;
  }

  /** Makes the session's first space. */
  static async open(
    admin: SpaceAdmin,
    request: SpaceRequest,
    onReplaced: (gone: string, fresh: string) => void = () => {},
  ): Promise<SpaceLease> {
    return new SpaceLease(admin, request, await admin.create(request), onReplaced);
  }

  /** The space the session works on now. */
  get spaceId(): string {
    return this.#current.spaceId;
  }

  /** The API base URL of the first space (requests are retargeted to the current one). */
  get baseUrl(): string {
    return this.#current.baseUrl;
  }

  /** A WHATWG fetch for the session's client: every request goes to the current space. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (this.#closed) throw new SandboxUnavailableError('this sandbox session has ended');
    const request = new Request(input, init);
    // Read once: a request sent to a space that was gone is sent again.
    const body = request.body === null ? null : await request.arrayBuffer();
    const send = (spaceId: string) =>
      this.#admin.fetch(
        new Request(retarget(request.url, spaceId), {
          method: request.method,
          headers: request.headers,
          body,
          signal: request.signal,
        }),
      );
    const used = this.#current.spaceId;
    const response = await send(used);
    if (!(await spaceGone(response))) return response;
    await response.body?.cancel();
    return send((await this.#replace(used)).spaceId);
  };

  /** Ends the lease: its space is deleted, and later calls fail. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#replacing?.catch(() => {});
    await this.#admin.delete(this.#current.spaceId);
  }

  // One new space however many calls found `gone` missing at once.
  #replace(gone: string): Promise<CreatedSpace> {
    if (this.#current.spaceId !== gone) return Promise.resolve(this.#current);
    this.#replacing ??= this.#admin
      .create(this.#request)
      .then(async (fresh) => {
        if (this.#closed) {
          await this.#admin.delete(fresh.spaceId);
          throw new SandboxUnavailableError('this sandbox session has ended');
        }
        this.#current = fresh;
        this.#onReplaced(gone, fresh.spaceId);
        return fresh;
      })
      .finally(() => {
        this.#replacing = undefined;
      });
    return this.#replacing;
  }
}
