import type { ApiRequest, ApiResponse } from './api-request';
import { readableBody } from './event-stream';
import { bodyLimitFor } from './request-handler';

/** Source address reported for in-process requests (msw, bound fetch): there is no peer. */
export const IN_PROCESS_ADDRESS = '127.0.0.1';

/** Reads a WHATWG Request into an {@link ApiRequest} (body capped by the path's limit). */
export async function fromWebRequest(
  request: Request,
  sourceAddress = IN_PROCESS_ADDRESS,
): Promise<ApiRequest> {
  const url = new URL(request.url);
  const limit = bodyLimitFor(url.pathname);
  const declared = Number(request.headers.get('content-length') ?? 0);
  let body: string | undefined;
  let bodyTooLarge = declared > limit;
  if (!bodyTooLarge && request.body !== null) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > limit) bodyTooLarge = true;
    else if (bytes.byteLength > 0) body = new TextDecoder().decode(bytes);
  }
  const headers = request.headers;
  return {
    method: request.method.toUpperCase(),
    path: url.pathname,
    search: url.search.slice(1),
    header: (name) => headers.get(name) ?? undefined,
    headers: () => Object.fromEntries(headers),
    body,
    bodyTooLarge,
    sourceAddress,
  };
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
