import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCodeText } from '@refapi/schema';
import { type ApiResponse, errorResponse } from '../../api/api-request';
import { newRequestId } from '../../api/request-id';
import type { RefusalWindow } from '../../server/cors';
import { send, targetPath } from './node-listener';

// What node:http answers by itself, before any handler runs, in the API's shape: a JSON
// `{error}` with a request id, where Node would write a bare status line (its parser's 400,
// 408 and 431, an unknown Expect's 417) or drop the connection without a word (CONNECT).

/** Node's parser errors (`error.code`) that are not a plain 400 `malformed_request`. */
const PARSER_REFUSALS: Readonly<Record<string, readonly [number, ErrorCodeText]>> = {
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout'],
};

/**
 * The request target of what node's parser refused: the request under way when the refused
 * bytes are its body (a bad chunk); else the request line the refused bytes start with.
 * Without one (a garbage line, or a head whose line came in an earlier packet: node keeps
 * a line it has not finished parsing to itself), `/`: the root API, which answers every
 * path but the admin API's and the console's. Every API response carries the rate-limit
 * headers, and bytes that may have been meant for the API get them, from the root's window
 * of the address (reported, never counted) rather than none.
 */
function refusedTarget(error: { rawPacket?: unknown }, socket: HttpSocket): string {
  const underWay = socket.parser?.incoming;
  if (underWay != null && !underWay.complete) return underWay.url ?? '/';
  const rawPacket = error.rawPacket;
  if (!Buffer.isBuffer(rawPacket)) return '/';
  const line = rawPacket.toString('latin1', 0, Math.min(rawPacket.length, 8192));
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ (\S+) HTTP\//.exec(line)?.[1] ?? '/';
}

/**
 * Answers requests node:http refuses itself (see above) on `server`, then closes them, with
 * the API's rate-limit headers (`windowOf`) on its paths: reported, never counted — what
 * the parser refuses never became a request the API took, and each costs its client a
 * connection; counting would let it spend a window or create one, so no memory either.
 */
export function answerUnparsedRequests(server: Server, windowOf?: RefusalWindow): void {
  const headersOf = (target: string, socket: Duplex) =>
    windowOf?.(targetPath(target), (socket as { remoteAddress?: string }).remoteAddress ?? '');
  const refused = new WeakSet<Duplex>();
  server.on(
    'clientError',
    (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex) => {
      // Once refused, a connection's parser reports every later byte as an error again.
      if (refused.has(socket)) return;
      refused.add(socket);
      const refuse = () => {
        // As Node's own answer: nothing on a connection gone or already answering (a timeout
        // mid-response), and the connection destroyed either way. Ended gracefully instead,
        // one whose reader had stopped (a slow reader held back by backpressure) stayed open.
        const answering = (socket as HttpSocket)._httpMessage;
        if (error.code !== 'ECONNRESET' && socket.writable && answering?.headersSent !== true) {
          const [status, code] = PARSER_REFUSALS[error.code ?? ''] ?? [400, 'malformed_request'];
          writeRaw(
            socket,
            errorResponse(
              status,
              code,
              headersOf(refusedTarget(error, socket as HttpSocket), socket),
            ),
          );
        }
        socket.destroy();
      };
      // Requests pipelined before the refused bytes were whole: they are being answered (a
      // write among them already committed). Refusing at once wrote the 400 as the answer to
      // the first of them and dropped theirs; so their answers go first, then the refusal.
      // Only for what the parser refused (`HPE_*`): a socket error (a reset, EPIPE) leaves
      // no one to answer. And not when the refused bytes are the body of a request under
      // way: it cannot finish.
      const incoming = (socket as HttpSocket).parser?.incoming;
      if (error.code?.startsWith('HPE_') === true && (incoming == null || incoming.complete)) {
        afterAnswers(socket as HttpSocket, refuse);
      } else {
        refuse();
      }
    },
  );
  // A CONNECT (a proxy tunnel) has no handler of its own: Node would destroy the socket.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    writeRaw(socket, errorResponse(405, 'method_not_allowed', headersOf(req.url ?? '/', socket)));
    socket.destroy();
  });
  server.on('checkExpectation', (req, res) => {
    const headers = { ...headersOf(req.url ?? '/', req.socket), 'request-id': newRequestId() };
    send(res, errorResponse(417, 'expectation_failed', headers), { close: true });
  });
}

/** What node:http keeps on a connection's socket (`_http_server.js`). */
interface HttpSocket extends Duplex {
  /** The response being written; the requests after it wait in Node's queue. */
  _httpMessage?: (ServerResponse & { headersSent: boolean }) | null;
  parser?: { incoming?: IncomingMessage | null } | null;
}

/**
 * Calls `then` once every response of the requests parsed on `socket` so far is written
 * (at once when none is under way); never if the connection closes first.
 */
function afterAnswers(socket: HttpSocket, then: () => void): void {
  const current = socket._httpMessage;
  if (current == null) {
    then();
    return;
  }
  // Node's own 'finish' listener, added when the response was made, runs first and hands the
  // socket to the next response in line (or none): look again then.
  const next = () => {
    current.off('finish', next);
    current.off('close', next);
    if (!socket.destroyed) afterAnswers(socket, then);
  };
  current.once('finish', next);
  current.once('close', next);
}

/** Writes `response` on a bare socket (no ServerResponse to write it). */
function writeRaw(socket: Duplex, response: ApiResponse): void {
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  // The response's own headers (content type, rate limits), then what a bare socket needs.
  for (const name in response.headers) head.push(`${name}: ${response.headers[name]}`);
  head.push(
    `content-length: ${Buffer.byteLength(response.body)}`,
    `request-id: ${newRequestId()}`,
    'connection: close',
  );
  socket.write(`${head.join('\r\n')}\r\n\r\n${response.body}`);
}
