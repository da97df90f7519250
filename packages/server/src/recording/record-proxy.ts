import { once } from 'node:events';
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
import { finished } from 'node:stream/promises';
import { redactHeaders, redactQuery } from '@refapi/schema';
import { hostRule } from '../server/allowed-hosts';
import { originForm } from '../transport/node/node-listener';
import { answerUnparsedRequests } from '../transport/node/unparsed-requests';
import { DEFAULT_MAX_EXCHANGES, STOP_GRACE_MS } from './recorder-limits';
import { RECORDED_BODY_BYTES, type RecordedMessage, recordedRoute } from './recording-format';
import { RecordingWriter, type WriteCall } from './recording-writer';
import { redactExchange } from './redact-exchange';
import { SessionCredentials } from './session-credentials';
import { parseUpstream } from './upstream-url';

/** Options of {@link startRecorder}. */
export interface RecorderOptions {
  /** Base URL of the real API, ending in its version path (`https://api.example/v1`). */
  readonly upstream: string;
  /** Port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /** The recording file; exchanges are appended to it (created readable by its owner only). */
  readonly out: string;
  /** Exchanges forwarded at once (default 64); the next wait, their bodies unread. */
  readonly maxExchanges?: number;
  /** The call that writes to the file (`fs.write`); tests pass one that fails (a full disk). */
  readonly write?: WriteCall;
  /** Gives up starting (an `--out` FIFO still waiting for its reader): rejects with its reason. */
  readonly signal?: AbortSignal;
  /** Called once when `out` is a FIFO that no reader has open yet: nothing listens until one does. */
  readonly onWaitingForReader?: () => void;
}

/** How {@link Recorder.close} ends the exchanges still under way. */
interface RecorderStop {
  /** How long they may still take (default {@link STOP_GRACE_MS}). */
  readonly graceMs?: number;
  /** Settles when they must be cut at once (a second Ctrl-C). */
  readonly cutNow?: Promise<unknown>;
}

/** A running recorder. */
export interface Recorder {
  /** Where clients point their base URL: `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** Exchanges the file took whole so far. */
  readonly recorded: () => number;
  /** Exchanges answered whose line the file did not take (it failed: a full disk). */
  readonly lost: () => number;
  /**
   * Settles with the error once the file cannot be written: from then on requests are
   * refused (503 `recording_unavailable`); the caller should {@link close} and report it.
   */
  readonly failed: Promise<NodeJS.ErrnoException>;
  /**
   * Stops taking requests at once (those waiting for a slot get 503), gives the exchanges
   * under way `graceMs`, then cuts them, each recorded with `cut: true`; flushes and closes
   * the file.
   */
  close(stop?: RecorderStop): Promise<void>;
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
 * Resolves once `req` has ended (or broke off), read on to its end: through the pipe while
 * the upstream takes it, and without it once the upstream connection is gone, which would
 * otherwise hold it paused for good (the pipe's last write stops it, then unpipes).
 */
async function restOfRequest(req: IncomingMessage, upstreamRequest: ClientRequest) {
  const release = () => {
    req.unpipe(upstreamRequest);
    req.resume();
  };
  if (upstreamRequest.destroyed) release();
  else upstreamRequest.once('close', release);
  req.resume();
  await finished(req).catch(() => {});
  upstreamRequest.off('close', release);
}

/**
 * The request's Idempotency-Key for the exchange's own field (its header is redacted), every
 * value joined as the header would be read.
 */
function idempotencyKeyField(headers: ReadonlyArray<readonly [string, string]>) {
  const values = headers.filter(([name]) => name.toLowerCase() === 'idempotency-key');
  return values.length === 0 ? {} : { idempotency_key: values.map(([, v]) => v).join(', ') };
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

/** A Host check of a server bound to 127.0.0.1 (DNS rebinding, reference-server section 7). */
const hostAllowed = hostRule(undefined)('127.0.0.1');

/** Slots for exchanges in flight: the next waits; a closed gate turns waiters away. */
class Gate {
  #free: number;
  readonly #waiting: Array<(open: boolean) => void> = [];
  #closed = false;

  constructor(slots: number) {
    this.#free = slots;
  }

  /** Resolves true with a slot taken, or false once the gate closed. */
  enter(): Promise<boolean> {
    if (this.#closed) return Promise.resolve(false);
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  leave(): void {
    const next = this.#waiting.shift();
    if (next !== undefined) next(true);
    else this.#free++;
  }

  close(): void {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) waiter(false);
  }
}

/** One exchange under way: what a cut records of it. */
interface UnderWay {
  readonly time: Date;
  readonly started: number;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly requestHeaders: Array<[string, string]>;
  readonly requestTap: BodyTap;
  readonly responseTap: BodyTap;
  response?: { status: number; headers: Array<[string, string]> };
  /** Set once the exchange was written (whole or cut): it is written once. */
  written: boolean;
  readonly cut: () => void;
}

/**
 * Starts the pass-through proxy of `ref-server record`: `http://127.0.0.1:<port>/v1/…`
 * goes to the upstream unchanged (hop-by-hop headers aside, `Host` naming the upstream) and
 * its answer comes back unchanged, bodies streamed both ways; each exchange is appended to
 * the recording as one JSON line, credentials redacted by the journal's rule and, by value,
 * wherever else they appear, each body capped at {@link RECORDED_BODY_BYTES}. At most
 * `maxExchanges` are forwarded at once; requests naming another Host are refused.
 */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const upstream = parseUpstream(options.upstream);
  if (!(upstream instanceof URL)) throw new Error(upstream.refused);
  const upstreamBase = upstream.pathname.replace(/\/+$/, '');
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const writer = await RecordingWriter.open(
    options.out,
    options.write,
    options.signal,
    options.onWaitingForReader,
  );
  const credentials = new SessionCredentials();
  const gate = new Gate(options.maxExchanges ?? DEFAULT_MAX_EXCHANGES);
  // Numbered on from the exchanges the file already holds: a file appended to keeps one seq each.
  const firstSeq = writer.lastSeq;
  let seq = firstSeq;
  const underway = new Set<Promise<void>>();
  const inFlight = new Set<UnderWay>();

  const refuse = (res: ServerResponse, status: number, error: string) => {
    res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ error }));
  };

  /** Writes one exchange, whole or cut, with every credential of the session redacted. */
  const record = (entry: UnderWay, cut: boolean) => {
    if (entry.written) return;
    entry.written = true;
    const status = entry.response?.status ?? 0;
    writer.write(
      redactExchange(credentials, {
        v: 1,
        seq: ++seq,
        time: entry.time.toISOString(),
        method: entry.method,
        path: entry.path,
        query: redactQuery(entry.query),
        operation: operationOf(entry.method, entry.path),
        status,
        duration_ms: Math.round((performance.now() - entry.started) * 10) / 10,
        request: entry.requestTap.message(entry.requestHeaders),
        response: entry.responseTap.message(entry.response?.headers ?? []),
        ...idempotencyKeyField(entry.requestHeaders),
        ...(cut ? { cut: true } : {}),
      }),
    );
  };

  const exchange = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // DNS rebinding: a page on another site must not reach the upstream through us.
    if (!hostAllowed?.(req.headers.host)) return refuse(res, 403, 'host_not_allowed');
    // As the reference server reads it: an absolute-form target is its path and query.
    const url = originForm(req.url ?? '/');
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const query = q === -1 ? '' : url.slice(q + 1);
    if (path !== '/v1' && !path.startsWith('/v1/')) return refuse(res, 404, 'not_found');
    // Beyond maxExchanges a request waits here, its body unread (the socket's backpressure).
    if (!(await gate.enter())) return refuse(res, 503, 'recorder_stopping');
    try {
      await writer.drained();
      await forward(req, res, path, query);
    } finally {
      gate.leave();
    }
  };

  const forward = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: string,
  ): Promise<void> => {
    const requestHeaders = headerPairs(req.rawHeaders);
    credentials.learn(requestHeaders, query);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of requestHeaders) {
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
      path: `${upstreamBase}${path.slice(3)}${query === '' ? '' : `?${query}`}`,
      headers,
    });
    const entry: UnderWay = {
      time: new Date(),
      started: performance.now(),
      method: req.method ?? 'GET',
      path,
      query,
      requestHeaders,
      requestTap: new BodyTap(),
      responseTap: new BodyTap(),
      written: false,
      cut: () => {
        record(entry, true);
        upstreamRequest.destroy();
        res.destroy();
      },
    };
    inFlight.add(entry);
    // Once a connection to the upstream is open, the request may have been acted on (a write
    // placed) however the exchange ends: from then on it is recorded, cut if it breaks off.
    let reached = false;
    upstreamRequest.once('socket', (socket) => {
      if (socket.connecting) socket.once('connect', () => (reached = true));
      else reached = true;
    });
    req.on('data', (chunk: Buffer) => entry.requestTap.add(chunk));
    req.pipe(upstreamRequest);
    // A client that goes away takes its upstream request with it.
    res.once('close', () => {
      if (!res.writableFinished) upstreamRequest.destroy();
    });
    try {
      const upstreamResponse = await responseOf(upstreamRequest);
      const status = upstreamResponse.statusCode ?? 502;
      const pairs = headerPairs(upstreamResponse.rawHeaders);
      entry.response = { status, headers: pairs };
      // A session cookie or token the upstream hands out: redacted from this answer's body on.
      credentials.learnAnswer(pairs);
      const forwarded: Array<[string, string]> = pairs.filter(
        ([name]) => !HOP_BY_HOP.has(name.toLowerCase()),
      );
      res.writeHead(status, upstreamResponse.statusMessage, forwarded.flat());
      upstreamResponse.on('data', (chunk: Buffer) => entry.responseTap.add(chunk));
      // An upstream that breaks off mid-body: the client's answer breaks off too.
      upstreamResponse.once('aborted', () => res.destroy());
      upstreamResponse.once('error', (error) => res.destroy(error));
      upstreamResponse.pipe(res);
      if (!res.closed) await once(res, 'close');
      // An upstream may answer before it read the whole request: the line holds the body
      // the client sent, so the rest is read (and still passed on) before it is written.
      if (res.writableFinished && !req.readableEnded && !req.destroyed) {
        await restOfRequest(req, upstreamRequest);
      }
      // An answer that broke off (the client went away, the upstream reset) is recorded cut:
      // the upstream may have done what was asked, and a reader must know it.
      record(entry, !res.writableFinished);
    } catch (error) {
      // Unreachable, nothing recorded; reached, the upstream may have acted: recorded cut.
      if (reached) record(entry, true);
      if (!res.headersSent) refuse(res, 502, 'upstream_unreachable');
      else res.destroy(error as Error);
    } finally {
      inFlight.delete(entry);
    }
  };

  const server = createServer((req, res) => {
    const done = exchange(req, res).catch(() => {
      if (!res.headersSent) refuse(res, 503, 'recording_unavailable');
    });
    underway.add(done);
    void done.finally(() => underway.delete(done));
  });
  // What node:http refuses by itself (a malformed head, CONNECT) gets a JSON `{error}` too,
  // as the reference server answers it, not a bare status line or silence.
  answerUnparsedRequests(server);
  server.listen(options.port, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    recorded: () => writer.written,
    lost: () => seq - firstSeq - writer.written,
    failed: writer.failed,
    async close(stop: RecorderStop = {}) {
      // Stop taking requests at once: new connections, idle ones, and those waiting a slot.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      gate.close();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, stop.graceMs ?? STOP_GRACE_MS);
      });
      await Promise.race([Promise.all(underway), grace, stop.cutNow ?? new Promise(() => {})]);
      clearTimeout(timer);
      for (const entry of inFlight) entry.cut();
      await Promise.all(underway);
      server.closeAllConnections();
      await closed;
      await writer.close();
    },
  };
}

/** The operation id a method and `/v1/…` path name, or null. */
function operationOf(method: string, path: string): string | null {
  const match = recordedRoute(method, path);
  return match.kind === 'operation' ? match.op.operationId : null;
}
