import { connect } from 'node:net';

/** An HTTP answer as read off the socket. */
export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends `raw` (bytes no HTTP client would send as they are) to 127.0.0.1:`port` on a new
 * connection, from `localAddress` when given (any 127.x.y.z: a client of its own); resolves
 * to the answer once the server closes the connection.
 */
export function rawExchange(raw: string, port: number, localAddress?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('error', reject);
    socket.on('data', (text: string) => {
      received += text;
    });
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(raw);
  });
}

/**
 * Sends `raw` to 127.0.0.1:`port` on a new connection; resolves to everything the server
 * wrote (every answer of a pipelined exchange) once it closes the connection.
 */
export function rawTranscript(raw: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('error', reject);
    socket.on('data', (text: string) => {
      received += text;
    });
    socket.on('close', () => resolve(received));
    socket.write(raw);
  });
}
