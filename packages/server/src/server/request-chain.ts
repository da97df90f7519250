import type { ApiRequest, ApiResponse } from '../api/api-request';
import type { Step } from '../api/request-context';
import type { ContextHandler } from '../api/request-handler';
import { requestIdStep } from '../api/request-id';
import type { SpaceRuntime } from '../spaces/space-runtime';
import { bodyReader } from './body-limit';
import { type CorsOrigins, corsStep, type RefusalWindow } from './cors';
import { openApiDocumentStep } from './openapi-document';
import { type RoutedRequest, spaceRouter } from './space-router';

/** What the chain's steps are built from (the core has them). */
export interface ChainParts {
  readonly root: SpaceRuntime;
  /** The space of an id, or undefined when there is none. */
  readonly space: (id: string) => SpaceRuntime | undefined;
  /** How many body bytes the request's credentials allow (`body-limit.ts`). */
  readonly bodyLimit: (request: RoutedRequest) => number | Promise<number>;
  /** Answers an admin request on the state it was routed to (never throws). */
  readonly admin: (runtime: SpaceRuntime, request: RoutedRequest) => Promise<ApiResponse>;
  /** Browser origins allowed to call the API (over node:http); none in-process. */
  readonly cors?: CorsOrigins | undefined;
  /**
   * The rate-limit headers of an API answer given before any key is read (preflights, a
   * space that does not exist).
   */
  readonly refusalWindow?: RefusalWindow | undefined;
  /** The rate-limit headers of an API request whose body missed its deadline (408). */
  readonly timedOutWindow?:
    | ((request: RoutedRequest) => Record<string, string> | undefined)
    | undefined;
  /** The origin the client reached the server at (`request-origin.ts`): the document's `servers`. */
  readonly origin: (request: ApiRequest) => string;
  /** Called with unexpected exceptions (answered 500). */
  readonly onError: (error: unknown) => void;
}

/** The last step: the admin routes, or the API dispatcher of the state the router chose. */
const adminOrApi =
  (admin: ChainParts['admin']): Step<RoutedRequest> =>
  (request) => {
    // Unreachable: the space router runs first and answers a request it cannot route.
    if (request.runtime === undefined) throw new Error('request not routed');
    return request.admin === true
      ? admin(request.runtime, request)
      : request.runtime.dispatch(request);
  };

/** Runs `steps` in order, each handing on to the next (like hono's compose); the last answers. */
function compose(steps: readonly Step<RoutedRequest>[]): ContextHandler {
  const last = steps.length - 1;
  const run = (index: number, request: RoutedRequest): Promise<ApiResponse> => {
    const step = steps[index] as Step<RoutedRequest>;
    const answer =
      index === last
        ? step(request, () => Promise.reject(new Error('the last step has no next')))
        : step(request, () => run(index + 1, request));
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  };
  return (request) => run(0, request);
}

/**
 * The server's request chain, outermost first: every request, API or admin, root or
 * space, goes through these steps in this order, on one `RequestContext` the transport
 * built (node:http before it: connection cap, Host check, console files; see
 * `transport/node/listen.ts`).
 */
export function createRequestChain(parts: ChainParts): ContextHandler {
  return compose([
    // 1. Every answer names its request (`Request-Id`), whoever gives it.
    requestIdStep,
    // 2. Browsers (node:http only): preflights answered, API answers flagged for the origin.
    ...(parts.cors === undefined ? [] : [corsStep(parts.cors, parts.refusalWindow)]),
    // 3. The state it is for, once: the root, or `/spaces/{id}/…` (404 `space_not_found`);
    //    whether it is for the admin API or the OpenAPI document, once.
    spaceRouter(parts.root, parts.space, (request) =>
      parts.refusalWindow?.(request.path, request.sourceAddress),
    ),
    // 4. The OpenAPI document of that state (`/openapi.json`): public contract text, so
    //    answered before credentials, bodies, rate limits or the journal see the request.
    openApiDocumentStep(parts.origin, parts.onError),
    // 5. Credentials from the headers, then at most the body they allow (none without).
    bodyReader(parts.bodyLimit, parts.timedOutWindow),
    // 6. The admin routes, or the state's API dispatcher (its stage pipeline: api/pipeline).
    adminOrApi(parts.admin),
  ]);
}
