import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRequest, ApiResponse } from './api-request';
import type { OpenStreams } from './node-stream';
import { bodyLimitFor, type RequestHandler } from './request-handler';
import { newRequestId } from './request-id';

// Dispatches straight from node's request to the route table: no WHATWG Request/Response
// objects on the hot path (they alone cost ~70% of throughput in our measurements).

function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined
  );
}

function readBody(
  req: IncomingMessage,
  limit: number,
): Promise<{ body?: string; tooLarge: boolean }> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge || size === 0) resolve({ tooLarge });
      else resolve({ body: Buffer.concat(chunks).toString('utf8'), tooLarge });
    });
    req.on('error', () => resolve({ tooLarge }));
  });
}

function headerGetter(req: IncomingMessage): (name: string) => string | undefined {
  return (name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

function allHeaders(req: IncomingMessage): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) all[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return all;
}

function send(res: ServerResponse, response: ApiResponse, streams?: OpenStreams): void {
  if (response.stream !== undefined && streams !== undefined) {
    streams.open(res, response, response.stream);
    return;
  }
  const headers: Record<string, string | number | string[]> = response.headers;
  headers['content-length'] = Buffer.byteLength(response.body);
  if (response.cookies !== undefined) headers['set-cookie'] = [...response.cookies];
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/** A node:http request listener serving the handler (streamed responses go to `streams`). */
export function createNodeListener(
  handle: RequestHandler,
  onError: (error: unknown) => void,
  streams?: OpenStreams,
) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const raw = req.url ?? '/';
    const target = raw.startsWith('/') ? raw : safePath(raw);
    const q = target.indexOf('?');
    const path = q === -1 ? target : target.slice(0, q);
    const request: { -readonly [K in keyof ApiRequest]: ApiRequest[K] } = {
      method: (req.method ?? 'GET').toUpperCase(),
      path,
      search: q === -1 ? '' : target.slice(q + 1),
      header: headerGetter(req),
      headers: () => allHeaders(req),
      body: undefined,
      bodyTooLarge: false,
      sourceAddress: req.socket.remoteAddress ?? '',
    };
    const respond = (response: ApiResponse) => send(res, response, streams);
    const fail = (error: unknown) => {
      onError(error);
      if (!res.headersSent)
        send(res, {
          status: 500,
          headers: { 'request-id': newRequestId() },
          body: '{"error":"internal_error"}',
        });
      else res.destroy();
    };
    if (!hasBody(req)) {
      handle(request).then(respond).catch(fail);
      return;
    }
    readBody(req, bodyLimitFor(path))
      .then(({ body, tooLarge }) => {
        request.body = body;
        request.bodyTooLarge = tooLarge;
        return handle(request).then(respond);
      })
      .catch(fail);
  };
}

// Absolute-form request targets (`http://host/path`) are reduced to their path.
function safePath(target: string): string {
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}
