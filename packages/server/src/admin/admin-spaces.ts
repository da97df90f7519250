import { isFreeText, type OperationId } from '@refapi/schema';
import { z } from 'zod';
import { type ApiRequest, type ApiResponse, jsonResponse } from '../api/api-request';
import { parseInput } from '../api/input-validation';
import { DomainError } from '../domain/errors';
import { MAX_SPACE_TTL_SECONDS, type SpaceInfo, type SpaceRequest } from '../spaces/spaces';
import type { Admin } from '../state/control-plane';
import type { CreatedSpace } from '../wire/admin-wire';
import { ADMIN_PATHS, inSpace } from './admin-paths';

// The admin routes of spaces (root only), snapshots and queued failures (every space):
// reference-server.md section 7.

/**
 * A snapshot's or space's name: fits a URL path segment as is, and starts with a letter or
 * digit (so never `.` or `..`, which a URL resolves away).
 */
const SafeName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/);
const SnapshotName = SafeName;

const SnapshotBody = z.strictObject({ name: SnapshotName });

const SpaceBody = z.strictObject({
  name: SafeName.optional(),
  from: z.union([z.enum(['scenario', 'current']), SnapshotName]).optional(),
  ttl_seconds: z.int().min(1).max(MAX_SPACE_TTL_SECONDS).optional(),
});

const FailNextBody = z.strictObject({
  operation_id: z.string().min(1).max(100),
  status: z.int().min(400).max(599),
  retry_after: z.int().min(0).max(86_400).optional(),
  error: z.string().min(1).max(200).refine(isFreeText).optional(),
});

/** The root's spaces as the admin routes reach them. */
export interface SpacesAdmin {
  create(request: SpaceRequest): Promise<SpaceInfo>;
  list(): SpaceInfo[];
  delete(id: string): void;
  /** The origin the space URLs start with, as the client reached this server. */
  origin(request: ApiRequest): string;
  /** The API's base path (e.g. `/v1`). */
  readonly basePath: string;
}

type Call = {
  readonly deps: { readonly admin: Admin; readonly spaces?: SpacesAdmin | undefined };
  readonly request: ApiRequest;
  readonly body: unknown;
};
type Route = (call: Call) => Promise<ApiResponse> | ApiResponse;

const noContent = (): ApiResponse => ({ status: 204, headers: {}, body: '' });

/** `/__admin/snapshots`, `/__admin/fail-next` and, at the root, `/__admin/spaces`. */
export const spaceRoutes: Record<string, Record<string, Route>> = {
  [ADMIN_PATHS.snapshots]: {
    GET: ({ deps }) => jsonResponse(200, { snapshots: deps.admin.snapshots.list() }),
    POST: ({ deps, body }) => {
      const { name } = parseInput(SnapshotBody, body, 'body');
      return jsonResponse(201, deps.admin.snapshots.save(name));
    },
  },
  [ADMIN_PATHS.failNext]: {
    POST: ({ deps, body }) => {
      const failure = parseInput(FailNextBody, body, 'body');
      try {
        deps.admin.failNext(failure.operation_id as OperationId, failure.status, {
          ...(failure.retry_after === undefined ? {} : { retryAfter: failure.retry_after }),
          ...(failure.error === undefined ? {} : { error: failure.error }),
        });
      } catch (error) {
        // An unknown operation id, or the queue full: the caller's to fix.
        if (error instanceof TypeError) throw new DomainError(400, 'invalid_body: operation_id');
        if (error instanceof RangeError) throw new DomainError(409, 'fail_next_queue_full');
        throw error;
      }
      return noContent();
    },
  },
  [ADMIN_PATHS.spaces]: {
    GET: ({ deps }) => jsonResponse(200, { spaces: rootSpaces(deps).list() }),
    POST: async ({ deps, request, body }) => {
      const spaces = rootSpaces(deps);
      const space = await spaces.create(parseInput(SpaceBody, body ?? {}, 'body'));
      const origin = spaces.origin(request);
      const created: CreatedSpace = {
        ...space,
        base_url: `${origin}${inSpace(space.space_id, spaces.basePath)}`,
        admin_url: `${origin}${inSpace(space.space_id, ADMIN_PATHS.base)}`,
      };
      return jsonResponse(201, created);
    },
  },
};

/** The root's spaces; inside a space there are none (404, as for any unknown path). */
function rootSpaces(deps: Call['deps']): SpacesAdmin {
  if (deps.spaces === undefined) throw new DomainError(404, 'not_found');
  return deps.spaces;
}

/**
 * `/__admin/snapshots/{name}` (DELETE) and, with `restore`, `/__admin/snapshots/{name}/restore`
 * (POST); undefined (404) for a name no snapshot can have.
 */
export function snapshotRoute(name: string, restore: boolean): Record<string, Route> | undefined {
  if (!SnapshotName.safeParse(name).success) return undefined;
  if (restore) {
    return {
      POST: async ({ deps }) => {
        await deps.admin.snapshots.restore(name);
        return noContent();
      },
    };
  }
  return {
    DELETE: ({ deps }) => {
      deps.admin.snapshots.delete(name);
      return noContent();
    },
  };
}

/** `DELETE /__admin/spaces/{space_id}` (root only); undefined (404) for an id no space can have. */
export function spaceRoute(id: string): Record<string, Route> | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  return {
    DELETE: ({ deps }) => {
      rootSpaces(deps).delete(id);
      return noContent();
    },
  };
}
