/** What the sandbox needs of its in-process reference server (`createReferenceServer()`). */
interface InProcessServer {
  /** Answers a request in process: the API, `/spaces/{id}/…` and the admin API. */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  readonly adminToken: string;
  /** The root's API base URL (`https://api.ref.test/v1`). */
  readonly baseUrl: string;
}

/** A space as `POST /__admin/spaces` made it. */
export interface CreatedSpace {
  readonly spaceId: string;
  /** `<origin>/spaces/<space_id>/v1`. */
  readonly baseUrl: string;
}

/** What a new space is made with (the body of `POST /__admin/spaces`). */
export interface SpaceRequest {
  /** Shown by `GET /__admin/spaces`. */
  readonly name: string;
  /** Real seconds it may go unused before the server deletes it; the server's default when absent. */
  readonly ttlSeconds?: number | undefined;
}

/** The sandbox could not give a session a space of its own; the message says why. */
export class SandboxUnavailableError extends Error {
  override readonly name = 'SandboxUnavailableError';
}

/**
 * The spaces of the sandbox's reference server, through its public admin API
 * (`POST /__admin/spaces`, `DELETE /__admin/spaces/{id}`) answered in process: the same
 * routes a test suite sharing a `ref-server` uses, rather than the server's internals.
 */
export class SpaceAdmin {
  readonly #server: InProcessServer;

  constructor(server: InProcessServer) {
    this.#server = server;
  }

  /** Sends a request to the server (a session's API calls go through here). */
  fetch(request: Request): Promise<Response> {
    return this.#server.fetch(request);
  }

  /** Makes a space: a copy-on-write fork of the scenario the server loaded. */
  async create(request: SpaceRequest): Promise<CreatedSpace> {
    const body = {
      name: request.name,
      ...(request.ttlSeconds === undefined ? {} : { ttl_seconds: request.ttlSeconds }),
    };
    const response = await this.#admin('POST', '/__admin/spaces', body);
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status !== 201) {
      const reason = typeof answer.error === 'string' ? answer.error : `status ${response.status}`;
      throw new SandboxUnavailableError(`the sandbox could not open a space (${reason})`);
    }
    return { spaceId: String(answer.space_id), baseUrl: String(answer.base_url) };
  }

  /** Deletes a space; false when it was gone already (deleted, or expired unused). */
  async delete(spaceId: string): Promise<boolean> {
    const response = await this.#admin('DELETE', `/__admin/spaces/${spaceId}`);
    await response.body?.cancel();
    return response.status === 204;
  }

  /** The server's spaces, as `GET /__admin/spaces` lists them. */
  async list(): Promise<Array<{ space_id: string; name: string | null }>> {
    const response = await this.#admin('GET', '/__admin/spaces');
    return ((await response.json()) as { spaces: Array<{ space_id: string; name: string | null }> })
      .spaces;
  }

  #admin(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#server.adminToken}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.#server.fetch(new URL(path, this.#server.baseUrl), {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }
}
