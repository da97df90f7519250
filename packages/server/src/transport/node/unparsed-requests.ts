import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCodeText } from '@refapi/schema';
import { type ApiResponse, errorResponse } from '../../api/api-request';
import { newRequestId } from '../../api/request-id';
import { send } from './node-listener';

// What node:http answers by itself, before any handler runs, in the API's shape: a JSON
// `{error}` with a request id, where Node would write a bare status line (its parser's 400,
// 408 and 431, an unknown Expect's 417) or drop the connection without a word (CONNECT).

/** Node's parser errors (`error.code`) that are not a plain 400 `malformed_request`. */
const PARSER_REFUSALS: Readonly<Record<string, readonly [number, ErrorCodeText]>> = {
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout'],
};

/** Answers requests node:http refuses itself (see above) on `server`, then closes them. */
export function answerUnparsedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node's own answer: nothing on a connection gone or already answering (a timeout
    // mid-response), and the connection destroyed either way. Ended gracefully instead, one
    // whose reader had stopped (a slow reader held back by backpressure) stayed open.
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code !== 'ECONNRESET' && socket.writable && answering?.headersSent !== true) {
      const [status, code] = PARSER_REFUSALS[error.code ?? ''] ?? [400, 'malformed_request'];
      writeRaw(socket, errorResponse(status, code));
    }
    socket.destroy();
  });
  // A CONNECT (a proxy tunnel) has no handler of its own: Node would destroy the socket.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    writeRaw(socket, errorResponse(405, 'method_not_allowed'));
    socket.destroy();
  });
  server.on('checkExpectation', (_req, res) => {
    send(res, errorResponse(417, 'expectation_failed', { 'request-id': newRequestId() }), {
      close: true,
    });
  });
}

/** Writes `response` on a bare socket (no ServerResponse to write it). */
function writeRaw(socket: Duplex, response: ApiResponse): void {
  const head = [
    `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(response.body)}`,
    `request-id: ${newRequestId()}`,
    'connection: close',
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n${response.body}`);
}
