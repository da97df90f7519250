import type { ServerResponse } from 'node:http';
import type { ApiResponse, BodyStream } from '../../api/api-request';
import { MAX_UNSENT_BYTES } from '../../api/unsent-limit';

/** The open streamed responses of one node:http server, so closing it can end them. */
export class OpenStreams {
  readonly #ends = new Set<() => void>();
  #ended = false;

  /**
   * Writes the head of `response`, then its stream until the client leaves, falls more than
   * 1 MiB behind (it is then dropped), or {@link endAll}; after `endAll`, ends at once.
   */
  open(res: ServerResponse, response: ApiResponse, stream: BodyStream): void {
    // The connection closes with the stream: an ended event stream never lingers as a
    // keep-alive connection that would hold `server.close()` open.
    res.writeHead(response.status, { ...response.headers, connection: 'close' });
    res.flushHeaders();
    let stop: (() => void) | undefined;
    const end = () => {
      if (!this.#ends.delete(end)) return;
      stop?.();
      res.end();
    };
    if (this.#ended) {
      res.end();
      return;
    }
    this.#ends.add(end);
    res.on('close', end);
    // The server keeps half-closed connections open to answer them (listen.ts); an event
    // stream's client sends nothing after its request, so its FIN means it is gone.
    res.socket?.once('end', end);
    stop = stream((chunk) => {
      if (res.writableEnded || res.destroyed) return;
      res.write(chunk);
      // A client that stopped reading is dropped rather than buffered for: closing the
      // connection ends the stream (`close` above).
      if (res.writableLength > MAX_UNSENT_BYTES) res.destroy();
    }, end);
    // The stream ended while starting (its source was gone already).
    if (!this.#ends.has(end)) stop();
  }

  /** Ends every open stream, and every stream opened later (the server is closing). */
  endAll(): void {
    this.#ended = true;
    for (const end of [...this.#ends]) end();
  }
}
