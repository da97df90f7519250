import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import {
  type ClientRequest,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { redactHeaders, redactQuery } from '@refapi/schema';
import { RouteTable } from '../api/route-table';
import {
  RECORDED_BODY_BYTES,
  type RecordedExchange,
  type RecordedMessage,
} from './recording-format';

/** Options of {@link startRecorder}. */
export interface RecorderOptions {
  /** Base URL of the real API, ending in its version path (`https://api.example/v1`). */
  readonly upstream: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /** The recording file; exchanges are appended to it. */
  readonly out: string;
}

/** A running recorder. */
export interface Recorder {
  /** Where clients point their base URL: `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** Exchanges recorded so far. */
  readonly recorded: () => number;
  /** Stops accepting, waits for exchanges under way, flushes and closes the file. */
  close(): Promise<void>;
}

// Headers of one connection, not of the message: never forwarded either way (RFC 9110 7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const routes = new RouteTable();
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The first RECORDED_BODY_BYTES of a body stream, and its whole length. */
class BodyTap {
  readonly #chunks: Buffer[] = [];
  #kept = 0;
  #bytes = 0;

  add(chunk: Buffer): void {
    this.#bytes += chunk.length;
    const room = RECORDED_BODY_BYTES - this.#kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    // A copy: the stream may reuse the chunk's memory once it has gone on.
    this.#chunks.push(Buffer.from(part));
    this.#kept += part.length;
  }

  message(headers: Iterable<readonly [string, string]>): RecordedMessage {
    const truncated = this.#bytes > this.#kept;
    const base = {
      headers: redactHeaders(headers),
      body_bytes: this.#bytes,
      body_truncated: truncated,
    };
    if (this.#bytes === 0) return { ...base, body: null, body_encoding: 'utf8' };
    const bytes = Buffer.concat(this.#chunks);
    const encoded = [...headers].some(([name]) => name.toLowerCase() === 'content-encoding');
    if (!encoded) {
      try {
        // A cut body may end inside a character: drop the partial one rather than go binary.
        return {
          ...base,
          body: utf8.decode(truncated ? cutToCharacter(bytes) : bytes),
          body_encoding: 'utf8',
        };
      } catch {
        // Not UTF-8: kept as base64 below.
      }
    }
    return { ...base, body: bytes.toString('base64'), body_encoding: 'base64' };
  }
}

// Drops a last character cut short by the cap (its lead byte says how long it should be).
function cutToCharacter(bytes: Buffer): Buffer {
  let start = bytes.length - 1;
  while (start > 0 && ((bytes[start] as number) & 0xc0) === 0x80) start--;
  const lead = bytes[start] ?? 0;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return bytes.length - start < length ? bytes.subarray(0, start) : bytes;
}

/**
 * The upstream's answer. An upstream may answer before it has read the whole body (a 413)
 * and close: the write then fails, but the answer already sent is still the answer.
 */
function responseOf(request: ClientRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request.once('response', resolve);
    request.on('error', (error) => {
      // The answer may sit unparsed in the socket still: give it the rest of this turn.
      setTimeout(() => reject(error), 50);
    });
  });
}

function headerPairs(raw: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i] as string, raw[i + 1] as string]);
  return pairs;
}

/** The recording file, written one line at a time with its backpressure honoured. */
class RecordingWriter {
  readonly #stream: WriteStream;
  #failure: Error | undefined;

  constructor(file: string) {
    this.#stream = createWriteStream(file, { flags: 'a' });
    this.#stream.on('error', (error) => {
      this.#failure = error;
    });
  }

  async ready(): Promise<void> {
    if (this.#stream.pending) await once(this.#stream, 'ready');
  }

  /** Resolves once the file can take more: a new exchange waits while the file is behind. */
  async drained(): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure;
    if (this.#stream.writableNeedDrain) await once(this.#stream, 'drain');
  }

  write(exchange: RecordedExchange): void {
    if (this.#failure === undefined) this.#stream.write(`${JSON.stringify(exchange)}\n`);
  }

  async close(): Promise<void> {
    if (this.#stream.closed) return;
    this.#stream.end();
    await once(this.#stream, 'close');
    if (this.#failure !== undefined) throw this.#failure;
  }
}

/**
 * Starts the pass-through proxy of `ref-server record`: `http://127.0.0.1:<port>/v1/…`
 * goes to the upstream unchanged (hop-by-hop headers aside, `Host` naming the upstream) and
 * its answer comes back unchanged, bodies streamed both ways; each exchange is appended to
 * the recording as one JSON line, credentials redacted by the journal's rule and each body
 * capped at {@link RECORDED_BODY_BYTES}.
 */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') {
    throw new Error(`--upstream must be an http or https URL, got "${options.upstream}"`);
  }
  const upstreamBase = upstream.pathname.replace(/\/+$/, '');
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const writer = new RecordingWriter(options.out);
  await writer.ready();
  let seq = 0;
  const underway = new Set<Promise<void>>();

  const exchange = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const query = q === -1 ? '' : url.slice(q + 1);
    if (path !== '/v1' && !path.startsWith('/v1/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'not_found' }));
      return;
    }
    await writer.drained();
    const time = new Date();
    const started = performance.now();
    const requestTap = new BodyTap();
    const responseTap = new BodyTap();
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of headerPairs(req.rawHeaders)) {
      const lower = name.toLowerCase();
      if (HOP_BY_HOP.has(lower) || lower === 'host') continue;
      const before = headers[name];
      headers[name] =
        before === undefined
          ? value
          : Array.isArray(before)
            ? [...before, value]
            : [String(before), value];
    }
    const upstreamRequest = send({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: `${upstreamBase}${path.slice(3)}${q === -1 ? '' : `?${query}`}`,
      headers,
    });
    req.on('data', (chunk: Buffer) => requestTap.add(chunk));
    req.pipe(upstreamRequest);
    // A client that goes away takes its upstream request with it.
    res.once('close', () => {
      if (!res.writableFinished) upstreamRequest.destroy();
    });
    let status: number;
    try {
      const upstreamResponse = await responseOf(upstreamRequest);
      status = upstreamResponse.statusCode ?? 502;
      const pairs = headerPairs(upstreamResponse.rawHeaders);
      const forwarded: Array<[string, string]> = pairs.filter(
        ([name]) => !HOP_BY_HOP.has(name.toLowerCase()),
      );
      res.writeHead(status, upstreamResponse.statusMessage, forwarded.flat());
      upstreamResponse.on('data', (chunk: Buffer) => responseTap.add(chunk));
      // An upstream that breaks off mid-body: the client's answer breaks off too.
      upstreamResponse.once('aborted', () => res.destroy());
      upstreamResponse.once('error', (error) => res.destroy(error));
      upstreamResponse.pipe(res);
      if (!res.closed) await once(res, 'close');
      // Only whole exchanges are recorded: what broke off answered nobody.
      if (!res.writableFinished) return;
      writer.write({
        v: 1,
        seq: ++seq,
        time: time.toISOString(),
        method: req.method ?? 'GET',
        path,
        query: redactQuery(query),
        operation: operationOf(req.method ?? 'GET', path),
        status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        request: requestTap.message(headerPairs(req.rawHeaders)),
        response: responseTap.message(pairs),
      });
    } catch (error) {
      // The upstream could not be reached or broke off: the client is told, nothing recorded.
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'upstream_unreachable' }));
      } else res.destroy(error as Error);
    }
  };

  const server = createServer((req, res) => {
    const done = exchange(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'recording_unavailable' }));
      }
    });
    underway.add(done);
    void done.finally(() => underway.delete(done));
  });
  server.listen(options.port, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    recorded: () => seq,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.all(underway);
      server.closeAllConnections();
      await closed;
      await writer.close();
    },
  };
}

/** The operation id a method and `/v1/…` path name, or null. */
function operationOf(method: string, path: string): string | null {
  const match = routes.match(method, path.slice(3));
  return match.kind === 'operation' ? match.op.operationId : null;
}
