import type { IncomingMessage, ServerResponse } from 'node:http';
// node's own setImmediate, not the global one a test suite's fake timers replace
// (vi.useFakeTimers): answers to a suite that fakes timers must still go out.
import { setImmediate } from 'node:timers';
import type { ApiResponse } from '../../api/api-request';
import { createRequestContext } from '../../api/request-context';
import type { ContextHandler } from '../../api/request-handler';
import { newRequestId } from '../../api/request-id';
import { BodyDeadlines } from './body-deadlines';
import { readLimitedBody } from './body-reader';
import type { Responder } from './connection-backpressure';
import type { OpenStreams } from './node-stream';

/** A request body must arrive within this long of its head, else 408 `request_timeout`. */
export const BODY_DEADLINE_MS = 30_000;

// Dispatches straight from node's request to the route table: no WHATWG Request/Response
// objects on the hot path (they alone cost ~70% of throughput in our measurements).

function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined
  );
}

// node:http keeps the first of a repeated Authorization or Content-Type and drops the rest,
// where fetch's Headers (the msw transport) joins them: two API keys then authenticated as
// the first over HTTP. Joined here as fetch does, they are one invalid value on both.
const FIRST_KEPT_BY_NODE = new Set(['authorization', 'content-type']);

function headerGetter(req: IncomingMessage): (name: string) => string | undefined {
  return (name) => {
    if (FIRST_KEPT_BY_NODE.has(name)) return joinedRawHeader(req.rawHeaders, name);
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

/** Every value of the header `name` (lower case) as sent, joined with `, `. */
function joinedRawHeader(raw: readonly string[], name: string): string | undefined {
  let joined: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i] as string;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    joined = joined === undefined ? raw[i + 1] : `${joined}, ${raw[i + 1]}`;
  }
  return joined;
}

// Requests with `Expect: 100-continue` whose `100 Continue` is still owed: node:http sends it
// at once, before the route, the key or the declared length is looked at, inviting a client
// that will be refused (401, 403, 413) to upload its body first. listen.ts takes such requests
// from node:http's `checkContinue` instead, and the body reader below invites the body when
// the chain asks for it (RFC 9110 section 10.1.1: a server may answer with the final status).
const continueOwed = new WeakSet<IncomingMessage>();

/** Marks `req` (from node:http's `checkContinue`) as owed its `100 Continue` when its body is read. */
export function continueWhenBodyRead(req: IncomingMessage): void {
  continueOwed.add(req);
}

/** How a response goes out: streams for event streams, `close` when the body was left unread or cut off. */
interface SendOptions {
  readonly streams?: OpenStreams | undefined;
  /** The connection cannot carry another request (its body was left unread or cut off). */
  readonly close?: boolean;
}

/** Writes `response` to `res` (an event stream goes to `options.streams`). */
export function send(res: ServerResponse, response: ApiResponse, options: SendOptions = {}): void {
  if (response.stream !== undefined && options.streams !== undefined) {
    options.streams.open(res, response, response.stream);
    return;
  }
  const headers: Record<string, string | number | string[]> = response.headers;
  // Set already on the answer to a HEAD: the length of the content GET would have sent.
  headers['content-length'] ??= Buffer.byteLength(response.body);
  if (response.cookies !== undefined) headers['set-cookie'] = [...response.cookies];
  if (options.close === true) headers.connection = 'close';
  res.writeHead(response.status, headers);
  res.end(response.body);
}

/**
 * Responses made while the event loop handles one round of I/O, written together once it is
 * done (`setImmediate`). A client that waits on its answers sleeps between them, and each
 * `writev` that wakes it costs the server far more than one to a client still awake: written
 * back to back, the first answer of a round wakes the client and the others find it awake.
 * Measured: a node:http server that works 40 µs per request spent ~23 µs of kernel and
 * runtime time per answer written at once and ~17 µs written this way (+9% requests a
 * second); POST /v1/orders went from 72 to 58 µs of CPU a request (bench/http.ts: +18%
 * requests a second, p99 under 20 connections 9 → 5 ms). An answer waits at most for the
 * requests that arrived with it.
 */
class AnswerBatch {
  #pending: [ServerResponse, ApiResponse, SendOptions][] = [];
  // One promise for the round (not one per answer): settled once all of it is written.
  #written: Promise<void> | undefined;
  #roundWritten: () => void = () => {};

  constructor(private readonly onError: (error: unknown) => void) {}

  readonly #flush = () => {
    const pending = this.#pending;
    const written = this.#roundWritten;
    this.#pending = [];
    this.#written = undefined;
    for (const [res, response, options] of pending) {
      try {
        send(res, response, options);
      } catch (error) {
        // Nothing may escape a `setImmediate`: an onError that throws cuts this connection only.
        try {
          answerFailure(res, error, this.onError, response.headers);
        } catch {
          res.destroy();
        }
      }
    }
    written();
  };

  /** Writes `response` with this round's others; resolves once they are written (never rejects). */
  write(res: ServerResponse, response: ApiResponse, options: SendOptions): Promise<void> {
    if (this.#pending.push([res, response, options]) === 1) {
      this.#written = new Promise((written) => {
        this.#roundWritten = written;
      });
      setImmediate(this.#flush);
    }
    return this.#written as Promise<void>;
  }
}

// Headers of an answer that could not be written which its 500 keeps: the request's id (the
// journal holds the answer under it) and the API's `RateLimit-*` (the request was counted).
const KEPT_ON_FAILURE = /^(?:request-id|ratelimit-(?:limit|remaining|reset))$/;
// A value node:http takes (visible ASCII and spaces): a kept header must not fail the 500 too.
const WRITABLE_VALUE = /^[\x20-\x7e]*$/;

/**
 * Reports `error` and answers 500 `internal_error`, or cuts the connection once a head went
 * out. The 500 keeps the Request-Id and RateLimit-* headers of `failed` (the answer that
 * could not be written), when there is one; a chain that threw has none to give.
 */
function answerFailure(
  res: ServerResponse,
  error: unknown,
  onError: (error: unknown) => void,
  failed?: Readonly<Record<string, unknown>>,
) {
  onError(error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const headers: Record<string, string> = {};
  for (const name in failed) {
    const value = failed[name];
    if (KEPT_ON_FAILURE.test(name) && typeof value === 'string' && WRITABLE_VALUE.test(value)) {
      headers[name] = value;
    }
  }
  headers['request-id'] ??= newRequestId();
  send(res, { status: 500, headers, body: '{"error":"internal_error"}' });
}

/**
 * Answers node:http requests with the request chain (streamed responses go to `streams`);
 * the promise resolves once the response is written and never rejects. The chain reads
 * the body (`readBody`) once the credentials allow it; a body left unread or cut off
 * closes the connection after the answer.
 */
export function createNodeListener(
  handle: ContextHandler,
  onError: (error: unknown) => void,
  streams?: OpenStreams,
  /** How long a body may take to arrive after its head (reference spec section 8: 30 s). */
  bodyDeadlineMs = BODY_DEADLINE_MS,
): Responder {
  const deadlines = new BodyDeadlines(bodyDeadlineMs);
  const answers = new AnswerBatch(onError);
  // An async function, not `.then(send).catch(…)`: no closures and promises of its own
  // per request.
  return async (req, res) => {
    const raw = req.url ?? '/';
    const target = originForm(raw);
    const q = target.indexOf('?');
    let unread = hasBody(req);
    const request = createRequestContext(
      {
        method: (req.method ?? 'GET').toUpperCase(),
        path: q === -1 ? target : target.slice(0, q),
        search: q === -1 ? '' : target.slice(q + 1),
        header: headerGetter(req),
        // node's own object, not a copy: read only by the journal, which redacts a copy.
        headers: () => req.headers,
        sourceAddress: req.socket.remoteAddress ?? '',
      },
      unread
        ? (limit) => {
            unread = false;
            const declared = req.headers['content-length'];
            // Not for a body refused by its declared length: it is never read.
            if (continueOwed.delete(req) && !(Number(declared) > limit)) res.writeContinue();
            return readLimitedBody(req, limit, declared, deadlines);
          }
        : undefined,
    );
    try {
      const response = await handle(request);
      await answers.write(res, response, { streams, close: request.close === true || unread });
    } catch (error) {
      answerFailure(res, error, onError);
    }
  };
}

/**
 * The path of a request target as the API reads it: absolute-form targets
 * (`http://host/path`) reduced to their path, any other unreadable one `/`.
 */
export function targetPath(target: string): string {
  const path = originForm(target);
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}

/**
 * A request target in origin form (`/path?query`), as the API reads it: an absolute-form
 * target (`http://host/path?query`) reduced to its path and query (the Host header, not the
 * target's host, names the server), any other unreadable one `/`.
 */
export function originForm(target: string): string {
  return target.startsWith('/') ? target : safePath(target);
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
