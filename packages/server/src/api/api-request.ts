import type { ErrorCodeText } from '@refapi/schema';
import type { AuthenticatedKey } from '../domain/auth';
import type { RouteMatch } from './route-table';

/** Request headers by lower-case name, as a transport has them (node:http lists a repeated `Set-Cookie`). */
export type HeaderValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A request as the dispatcher sees it, independent of node:http or WHATWG objects. */
export interface ApiRequest {
  readonly method: string;
  /** Path from the origin, still percent-encoded, without the query (e.g. `/v1/me`). */
  readonly path: string;
  /** Raw query string without `?` (empty when none). */
  readonly search: string;
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
  /** Every request header, by lower-case name (the request journal records them). */
  headers?(): HeaderValues;
  /** The body as text; undefined when the request had none. */
  readonly body: string | undefined;
  /** The body exceeded the size limit and was not read. */
  readonly bodyTooLarge: boolean;
  /**
   * The body's bytes were not UTF-8 (`api/body-text.ts`): `body` shows them with U+FFFD
   * replacements (for the journal) and is refused like malformed JSON. Absent: they were.
   */
  readonly bodyNotUtf8?: boolean;
  /** Peer address (IPv4 or IPv6). */
  readonly sourceAddress: string;
  /**
   * The origin the client addressed, when the request itself says it (in-process: the URL of
   * the WHATWG Request, scheme included). Over node:http absent: the Host header says it.
   */
  readonly origin?: string | undefined;
  /** The route, when the transport matched it already (msw's handlers): not matched again. */
  readonly route?: RouteMatch;
}

/**
 * What the request chain learns of a request, each fact once, kept on the request itself
 * (no side tables): the steps that ask first (the body limit, from the headers) leave the
 * answer for those after them (the admin routes, the API pipeline). All optional, so a
 * plain {@link ApiRequest} (tests, in-process calls) carries them too once asked.
 */
export interface RequestMemo {
  /** The request id (`Request-Id`), drawn once (`requestIdOf`). */
  id?: string;
  /** The API key of the bearer token, and the key set it was checked against (`RequestKeys.of`). */
  caller?: { readonly key: AuthenticatedKey | undefined; readonly keys: object };
  /** Whether the bearer token is the admin token, compared once (`AdminToken.presentedBy`). */
  adminToken?: boolean;
}

/** What is known of a request before its body is read. */
export type RequestHead = Omit<ApiRequest, 'body' | 'bodyTooLarge' | 'bodyNotUtf8'>;

/** A response ready to write: status, headers (lower-case names) and a text body. */
export interface ApiResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** `Set-Cookie` values, one header each (a record holds one value per name). */
  readonly cookies?: readonly string[];
  /** An open-ended body (server-sent events) written after the headers; see `event-stream.ts`. */
  readonly stream?: BodyStream;
}

/**
 * Starts writing an open-ended body through `write`; `end` finishes the body from the
 * stream's side (its source is gone, e.g. a deleted space). Returns the function that stops
 * it (called when the client goes away or the server closes).
 */
export type BodyStream = (write: (chunk: string) => void, end: () => void) => () => void;

/** Builds a JSON response. */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResponse {
  headers['content-type'] = 'application/json';
  return { status, headers, body: JSON.stringify(body) };
}

/** Builds an `{error}` response. */
export const errorResponse = (
  status: number,
  error: ErrorCodeText,
  headers: Record<string, string> = {},
): ApiResponse => jsonResponse(status, { error }, headers);
