import type { ApiRequest, ApiResponse, RequestHead } from '../../api/api-request';
import { readableBody } from '../../api/event-stream';
import type { BodyLimit } from '../../api/request-handler';

/** Source address reported for in-process requests (msw, bound fetch): there is no peer. */
const IN_PROCESS_ADDRESS = '127.0.0.1';

/** Reads a WHATWG Request into an {@link ApiRequest}, its body capped by `bodyLimit`. */
export async function fromWebRequest(
  request: Request,
  bodyLimit: BodyLimit,
  sourceAddress = IN_PROCESS_ADDRESS,
): Promise<ApiRequest> {
  const url = new URL(request.url);
  const headers = request.headers;
  const head: RequestHead = {
    method: request.method.toUpperCase(),
    path: url.pathname,
    search: url.search.slice(1),
    header: (name) => headers.get(name) ?? undefined,
    headers: () => Object.fromEntries(headers),
    sourceAddress,
  };
  // The head itself becomes the request: what the body limit learnt of it (the key it
  // authenticated, see `request-key.ts`) stays attached to the same object.
  const done = (body: string | undefined, bodyTooLarge: boolean): ApiRequest =>
    Object.assign(head, { body, bodyTooLarge });
  if (request.body === null) return done(undefined, false);
  const limit = await bodyLimit(head);
  if (limit === 0) return done(undefined, false);
  const declared = Number(headers.get('content-length') ?? 0);
  if (declared > limit) return done(undefined, true);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > limit) {
      // Not awaited: a tee'd body (msw keeps a copy) settles its cancel only with both halves.
      reader.cancel().catch(() => {});
      return done(undefined, true);
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return done(size === 0 ? undefined : new TextDecoder().decode(bytes), false);
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
