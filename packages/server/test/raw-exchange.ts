import { connect, type Socket } from 'node:net';

/** An HTTP answer as read off the socket. */
export interface RawAnswer {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The status, headers and body of `received`, an answer as the server wrote it. */
export function parseRawAnswer(received: string): RawAnswer {
  const [head = '', body = ''] = received.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
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
    socket.on('close', () => resolve(parseRawAnswer(received)));
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

/** Where and how {@link rawConnection} connects and reads. */
export interface RawConnectionOptions {
  /** Any 127.x.y.z: a client of its own. */
  readonly localAddress?: string;
  /** How what the server wrote is read: latin1 (byte for byte) unless given. */
  readonly encoding?: BufferEncoding;
}

/**
 * A new connection to 127.0.0.1:`port` for a test to write on as it pleases (Nagle off, so
 * each write leaves at once), its errors ignored (the server may close while it writes):
 * `closed` resolves to everything the server wrote once the connection is closed.
 */
export function rawConnection(
  port: number,
  { localAddress, encoding = 'latin1' }: RawConnectionOptions = {},
): { readonly socket: Socket; readonly closed: Promise<string> } {
  const socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
  socket.setNoDelay(true);
  socket.on('error', () => {});
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = new Promise<string>((resolve) =>
    socket.on('close', () => resolve(Buffer.concat(received).toString(encoding))),
  );
  return { socket, closed };
}

/** How {@link rawParts} writes its parts. */
export interface RawPartsOptions extends RawConnectionOptions {
  /** The wait between two parts, and before the FIN: none unless given. */
  readonly gapMs?: number;
  /** Ends the writing side (a FIN) one gap after the last part. */
  readonly fin?: boolean;
}

/**
 * Writes `parts` on a new connection to 127.0.0.1:`port`, `gapMs` apart (a part is not
 * written once the server has closed it), then its FIN when `fin`; resolves to everything
 * the server wrote once the connection is closed.
 */
export async function rawParts(
  parts: readonly (string | Buffer)[],
  port: number,
  { gapMs = 0, fin = false, ...connection }: RawPartsOptions = {},
): Promise<string> {
  const { socket, closed } = rawConnection(port, connection);
  const [first = '', ...rest] = parts;
  socket.write(first);
  for (const part of rest) {
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    if (!socket.destroyed) socket.write(part);
  }
  if (fin) {
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    socket.end();
  }
  return closed;
}
