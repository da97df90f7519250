import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/**
 * The web-standard `Request` of a node:http request. The URL is built on `base` (this
 * server's own address), never on the Host header, which the guard checks as sent. The
 * body streams (nothing is buffered here), and the request's signal aborts when the
 * client goes away before the response is complete, so the SDK tears its exchange down.
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  // node:stream/web and DOM streams are the same objects; their typings differ.
  const body = (): ReadableStream<Uint8Array> => Readable.toWeb(req) as never;
  return new Request(new URL(req.url ?? '/', base), {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: body(), duplex: 'half' as const } : {}),
  });
}

/**
 * Writes a web-standard `Response` to node:http, streaming its body (an SSE stream is
 * forwarded event by event). A client that disconnects cancels the body, which ends the
 * exchange on the SDK side.
 */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  // Headers first: an SSE response may wait a while for its first event.
  res.flushHeaders();
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
}
