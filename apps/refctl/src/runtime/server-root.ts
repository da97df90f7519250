// The reference server behind a base URL: its origin (where `/__admin` is) and the root API's
// base path, whether the base URL is the root's (`http://127.0.0.1:4010/v1`) or a space's
// (`http://127.0.0.1:4010/spaces/sp_…/v1`), so `refctl server spaces` works from either.

/** `/spaces/<space_id>` at the start of a space's paths (the server's `inSpace`). */
const IN_SPACE = /^\/spaces\/[^/]+(?=\/|$)/;

/** Where a reference server is, seen from a base URL. */
export interface ServerRoot {
  /** `http://127.0.0.1:4010`. */
  readonly origin: string;
  /** The root API's base path, `/v1`. */
  readonly apiPath: string;
}

/** The server of `baseUrl`, a root's or a space's API base URL. */
export function serverRoot(baseUrl: string): ServerRoot {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, apiPath: path.replace(IN_SPACE, '') };
}

/** The API base URL of a space of `root`, as `POST /__admin/spaces` gives it. */
export const spaceBaseUrl = (root: ServerRoot, spaceId: string): string =>
  `${root.origin}/spaces/${encodeURIComponent(spaceId)}${root.apiPath}`;
