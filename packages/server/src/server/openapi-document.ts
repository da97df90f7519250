import type { ApiRequest, ApiResponse } from '../api/api-request';
import { errorResponse } from '../api/api-request';
import type { Step } from '../api/request-context';
import { sha256Hex } from '../internal/crypto';
import type { RoutedRequest } from './space-router';

/** The published document as text, cut where its `servers` go. */
interface DocumentText {
  readonly before: string;
  readonly after: string;
  /** UTF-8 bytes of `before` and `after` together. */
  readonly bytes: number;
  /** SHA-256 of `before` and `after`: what each answer's ETag is made from. */
  readonly digest: string;
}

// A string the published document cannot hold where `servers` is cut out again.
const SERVERS_MARK = 'refapi:servers-go-here';
const encoder = new TextEncoder();

/** Cuts the document's text around its `servers` (kept where the published file has them). */
function cutAtServers(document: Record<string, unknown>): DocumentText {
  const text = JSON.stringify({ ...document, servers: SERVERS_MARK });
  const mark = JSON.stringify(SERVERS_MARK);
  const at = text.indexOf(mark);
  const before = text.slice(0, at);
  const after = text.slice(at + mark.length);
  return {
    before,
    after,
    bytes: encoder.encode(before).length + encoder.encode(after).length,
    digest: sha256Hex(before + after),
  };
}

let loading: Promise<DocumentText> | undefined;

/**
 * The document `@refapi/schema` publishes (`@refapi/schema/openapi.json`, the file its tests
 * keep equal to the contract), imported on the first request for it: the server's start
 * never parses its ~300 KB, and the package holds no second copy.
 */
function publishedDocument(): Promise<DocumentText> {
  loading ??= import('@refapi/schema/openapi.json', { with: { type: 'json' } }).then(
    (module) => cutAtServers(module.default as Record<string, unknown>),
    (error: unknown) => {
      // Tried again on the next request rather than failing every one after.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/**
 * The published document with `servers` naming `baseUrl` alone: tools given the document's
 * address (openapi-generator, Swagger UI, Prism, Specmatic) then call the server that
 * served it. Everything else is the published text.
 */
async function documentResponse(request: ApiRequest, baseUrl: string): Promise<ApiResponse> {
  const text = await publishedDocument();
  const servers = JSON.stringify([
    { url: baseUrl, description: 'This reference server, as this document was fetched from it' },
  ]);
  // Strong: the bytes follow from the published text and `servers` alone.
  const etag = `"${sha256Hex(`${text.digest}${servers}`).slice(0, 32)}"`;
  const length = String(text.bytes + encoder.encode(servers).length);
  // The contract changes only with the server's version, but a reload must ask again.
  const headers = { etag, 'cache-control': 'no-cache' };
  if (matches(request.header('if-none-match'), etag)) {
    // A 304's Content-Length, when sent, must be the 200's (RFC 9110 §8.6).
    return { status: 304, headers: { ...headers, 'content-length': length }, body: '' };
  }
  const typed = { ...headers, 'content-type': 'application/json' };
  if (request.method === 'HEAD') {
    return { status: 200, headers: { ...typed, 'content-length': length }, body: '' };
  }
  return { status: 200, headers: typed, body: `${text.before}${servers}${text.after}` };
}

/**
 * The chain's step that answers `GET`/`HEAD /openapi.json` (and a space's) with the OpenAPI
 * document of the state the router chose: no credentials (it is public contract text), no
 * rate limit, not in the request journal. Other methods get 405 with `Allow: GET, HEAD`.
 */
export function openApiDocumentStep(
  /** The origin the client reached the server at (`request-origin.ts`). */
  origin: (request: ApiRequest) => string,
  onError: (error: unknown) => void,
): Step<RoutedRequest> {
  return (request, next) => {
    if (request.document !== true || request.runtime === undefined) return next();
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorResponse(405, 'method_not_allowed', { allow: 'GET, HEAD' });
    }
    return documentResponse(request, `${origin(request)}${request.runtime.basePath}`).catch(
      (error: unknown) => {
        onError(error);
        return errorResponse(500, 'internal_error');
      },
    );
  };
}
