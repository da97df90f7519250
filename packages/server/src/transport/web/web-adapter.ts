import type { ApiRequest, ApiResponse } from '../../api/api-request';
import { bodyTextOf } from '../../api/body-text';
import { readableBody } from '../../api/event-stream';
import {
  type BodyRead,
  createRequestContext,
  type RequestContext,
} from '../../api/request-context';
import type { BodyLimit } from '../../api/request-handler';

/** Source address reported for in-process requests (msw, bound fetch): there is no peer. */
const IN_PROCESS_ADDRESS = '127.0.0.1';

/** The request context of a WHATWG Request; its body is read when the chain allows it. */
export function webRequestContext(
  request: Request,
  sourceAddress = IN_PROCESS_ADDRESS,
): RequestContext {
  const url = new URL(request.url);
  const headers = request.headers;
  const body = request.body;
  return createRequestContext(
    {
      method: request.method.toUpperCase(),
      path: url.pathname,
      search: url.search.slice(1),
      header: (name) => headers.get(name) ?? undefined,
      headers: () => Object.fromEntries(headers),
      sourceAddress,
      // msw's requests carry a Host but not the scheme the client used (https).
      origin: url.origin,
    },
    body === null ? undefined : (limit) => readLimited(body, headers, limit),
  );
}

async function readLimited(
  stream: ReadableStream<Uint8Array>,
  headers: Headers,
  limit: number,
): Promise<BodyRead> {
  const declared = Number(headers.get('content-length') ?? 0);
  if (declared > limit) return { body: undefined, tooLarge: true };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      // Not awaited: a tee'd body (msw keeps a copy) settles its cancel only with both halves.
      reader.cancel().catch(() => {});
      return { body: undefined, tooLarge: true };
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return size === 0
    ? { body: undefined, tooLarge: false }
    : { ...bodyTextOf(bytes), tooLarge: false };
}

/** Reads a WHATWG Request into an {@link ApiRequest}, its body capped by `bodyLimit`. */
export async function fromWebRequest(
  request: Request,
  bodyLimit: BodyLimit,
  sourceAddress = IN_PROCESS_ADDRESS,
): Promise<ApiRequest> {
  const context = webRequestContext(request, sourceAddress);
  if (context.readBody === undefined) return context;
  const limit = await bodyLimit(context);
  if (limit === 0) return context;
  const read = await context.readBody(limit);
  context.body = read.body;
  context.bodyTooLarge = read.tooLarge;
  context.bodyNotUtf8 = read.notUtf8 === true;
  return context;
}

/** Turns an {@link ApiResponse} into a WHATWG Response. */
export function toWebResponse(response: ApiResponse): Response {
  if (response.stream !== undefined) {
    return new Response(readableBody(response.stream), {
      status: response.status,
      headers: response.headers,
    });
  }
  if (response.cookies === undefined) {
    return new Response(response.body === '' ? null : response.body, {
      status: response.status,
      headers: response.headers,
    });
  }
  const headers = new Headers(response.headers);
  for (const cookie of response.cookies) headers.append('set-cookie', cookie);
  return new Response(response.body === '' ? null : response.body, {
    status: response.status,
    headers,
  });
}
