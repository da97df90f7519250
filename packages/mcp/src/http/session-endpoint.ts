import { randomUUID } from 'node:crypto';
import { isInitializeRequest } from './initialize-request';
import { rpcError } from './rpc-error';

/**
 * State kept per MCP session by an endpoint that is otherwise stateless (one server per
 * request): the sandbox keeps a space per session.
 */
export interface HttpSessions<S> {
  /**
   * The session `id`, opened when it is not held (the endpoint asks only for ids it handed
   * out, for `default`, and for those {@link has} knows). When it cannot be opened, rejects
   * with an error whose message the client is shown as the reason.
   */
  open(id: string): Promise<S>;
  /**
   * Whether `id` names a session this endpoint handed out that a request may name: one held
   * now, or one ended to make room (its agent is told on its next call).
   */
  has(id: string): boolean;
  /** Ends the session `id` (a DELETE with its `Mcp-Session-Id`); false when it is not held. */
  end(id: string): Promise<boolean>;
}

/** The header naming a request's session. */
export const SESSION_HEADER = 'mcp-session-id';

/** The session of POSTs that name none (2026-07-28 clients without the header). */
export const DEFAULT_SESSION_ID = 'default';

// The 2025 transport's rule for session ids: visible ASCII (0x21 to 0x7E); bounded here.
const VALID_SESSION_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Serves each POST in its session, named by the request's `Mcp-Session-Id` as `serve` gets
 * it (the MCP SDK hands the request's headers to the server factory). A session exists only
 * once this endpoint handed out its id in answer to an `initialize` (a new session, its id —
 * random, so known to its client only — in the answer's `Mcp-Session-Id`, which 2025 clients
 * send back on every request): any other id is answered 404 and creates nothing, so no
 * process can make sessions by inventing ids and push the real ones out. A POST that names
 * none and opens none is in the shared session `default` (2026-07-28 clients, which have no
 * sessions of their own). The session is opened before `serve` runs, so one that cannot be
 * is answered 503 with the reason. A DELETE with an id ends that session (only its client
 * knows the id; `default` is nobody's to end: 403); GET (2025 notification streams) and a
 * DELETE without one go to `serve` as they are (the MCP handler answers them 405).
 */
export function sessionEndpoint(
  sessions: HttpSessions<unknown>,
  serve: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const named = request.headers.get(SESSION_HEADER);
    if (named !== null && !VALID_SESSION_ID.test(named)) {
      return rpcError(
        400,
        -32600,
        'Bad Request: Mcp-Session-Id must be 1 to 128 visible ASCII characters',
      );
    }
    const method = request.method.toUpperCase();
    if (named !== null && !sessions.has(named)) {
      return rpcError(404, -32001, 'Session not found');
    }
    if (method === 'DELETE' && named === DEFAULT_SESSION_ID) {
      return rpcError(403, -32000, 'Forbidden: the shared default session cannot be ended');
    }
    if (method === 'DELETE' && named !== null) {
      if (await sessions.end(named)) return new Response(null, { status: 204 });
      return rpcError(404, -32001, 'Session not found');
    }
    if (method !== 'POST') return serve(request);
    const opened =
      named === null && (await isInitializeRequest(request)) ? randomUUID() : undefined;
    const id = named ?? opened ?? DEFAULT_SESSION_ID;
    try {
      await sessions.open(id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unknown error';
      return rpcError(503, -32603, `Service unavailable: ${reason}`);
    }
    // The request's own headers: the SDK forwards a clone of the request, not the object.
    request.headers.set(SESSION_HEADER, id);
    const response = await serve(request);
    if (opened === undefined || !response.ok) return response;
    const headers = new Headers(response.headers);
    headers.set(SESSION_HEADER, opened);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
