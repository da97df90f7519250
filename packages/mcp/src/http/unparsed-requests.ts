import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { rpcErrorBody } from './rpc-error';

// What node:http answers by itself, before any handler runs, answered as every other error
// of this endpoint: a JSON-RPC error (`id: null`) with the status, where Node would write a
// bare status line (its parser's 400, 408 and 431, an unknown Expect's 417) or drop the
// connection without a word (CONNECT). The codes are the MCP SDK's for HTTP-level errors:
// -32600 for a request that is not one, -32000 for the others.

/** Node's parser errors (`error.code`) that are not a plain 400. */
const PARSER_REFUSALS: Readonly<Record<string, readonly [number, number, string]>> = {
  HPE_HEADER_OVERFLOW: [
    431,
    -32000,
    'Request Header Fields Too Large: the request headers are larger than this server accepts',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, -32000, 'Request Timeout: the request did not arrive in time'],
};
const MALFORMED = [400, -32600, 'Bad Request: the HTTP request could not be parsed'] as const;

/** Answers requests node:http refuses itself (see above) on `server`, then closes them. */
export function answerUnparsedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node's own answer: nothing on a connection gone or already answering (a timeout
    // mid-response), and the connection destroyed either way.
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code !== 'ECONNRESET' && socket.writable && answering?.headersSent !== true) {
      writeRaw(socket, ...(PARSER_REFUSALS[error.code ?? ''] ?? MALFORMED));
    }
    socket.destroy();
  });
  // A CONNECT (a proxy tunnel) has no handler of its own: Node would destroy the socket.
  server.on('connect', (_req, socket: Duplex) => {
    writeRaw(socket, 405, -32000, 'Method not allowed.');
    socket.destroy();
  });
  server.on('checkExpectation', (req, res) => {
    const body = rpcErrorBody(
      -32000,
      `Expectation Failed: Expect ${JSON.stringify(req.headers.expect ?? '')} is not supported`,
    );
    res.writeHead(417, { 'content-type': 'application/json', connection: 'close' });
    res.end(body);
  });
}

/** Writes the JSON-RPC error on a bare socket (no ServerResponse to write it). */
function writeRaw(socket: Duplex, status: number, code: number, message: string): void {
  const body = rpcErrorBody(code, message);
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
}
