import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MAX_UNSENT_BYTES } from '../../api/unsent-limit';

// Invariant: per connection, the server holds at most `maxUnsent` bytes of written responses
// the client has not taken, plus the one response being written, plus the requests parsed
// from one read (64 KiB). Node's http server goes on parsing pipelined requests whatever the
// client reads, and answering each the moment it arrived let one client queue gigabytes of
// answers. So a connection's requests are answered one at a time, in order (as HTTP/1.1
// sends them anyway), the next only once the unsent bytes are under the limit; meanwhile the
// socket is not read.

/** Writes one response; resolves once it is written (ended, or an event stream's head sent). */
export type Responder = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

// Node's own guard against pipelined floods (`_http_server.js`) stops reading with
// `socket._paused`, which its 'resume' handler and request-body reads respect, and pauses the
// parser after the current read; a plain `socket.pause()` would be undone by the next body
// read or drain. We flip the same switch, and undo the parser pause on release.
interface HttpSocket extends Socket {
  _paused?: boolean;
  parser?: { resume(): void } | null;
}

/** One connection's requests, answered one at a time, in order. */
class ConnectionQueue {
  // Requests waiting their turn, as pairs (no closure per request).
  readonly #waiting: [IncomingMessage, ServerResponse][] = [];
  #busy = false;
  #unsent = 0;
  #held = false;

  constructor(
    private readonly socket: HttpSocket,
    private readonly respond: Responder,
    private readonly maxUnsent: number,
  ) {
    // Node resumes the socket on its own terms (a drain, a body read): hold it again at once.
    socket.on('resume', () => {
      if (this.#held) this.#hold();
    });
    // Nobody is left to answer.
    socket.once('close', () => {
      this.#waiting.length = 0;
    });
  }

  /** Queues a request; it is answered once the earlier responses are written and under the limit. */
  push(req: IncomingMessage, res: ServerResponse): void {
    this.#waiting.push([req, res]);
    this.#next();
  }

  // Answers one request, then lets the next go (never rejects).
  async #answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await this.respond(req, res);
    } catch {
      // The responder answers its own failures; what is written is counted all the same.
    }
    this.#count(res);
    this.#busy = false;
    this.#next();
  }

  // Counts a written response's bytes as unsent until it has left the process.
  #count(res: ServerResponse): void {
    const bytes = res.writableLength;
    if (bytes === 0 || res.writableFinished || res.destroyed) return;
    this.#unsent += bytes;
    let sent = false;
    const done = () => {
      if (sent) return;
      sent = true;
      this.#unsent -= bytes;
      this.#next();
    };
    res.once('finish', done);
    res.once('close', done);
  }

  #next(): void {
    if (!this.#busy && this.#unsent <= this.maxUnsent) {
      const waiting = this.#waiting.shift();
      if (waiting !== undefined) {
        this.#busy = true;
        void this.#answer(waiting[0], waiting[1]);
      }
    }
    // A request waiting its turn or a backlog past the limit: read no further.
    const hold = this.#waiting.length > 0 || this.#unsent > this.maxUnsent;
    if (hold && !this.#held) {
      this.#held = true;
      this.#hold();
    } else if (!hold && this.#held) {
      this.#held = false;
      this.socket._paused = false;
      this.socket.parser?.resume();
      this.socket.resume();
    }
  }

  #hold(): void {
    this.socket._paused = true;
    this.socket.pause();
  }
}

/**
 * A node:http request listener that answers each connection's requests one at a time and
 * stops reading a connection while its unsent responses exceed `maxUnsent` bytes (1 MiB),
 * until they drain.
 */
export function withBackpressure(respond: Responder, maxUnsent = MAX_UNSENT_BYTES) {
  const queues = new WeakMap<Socket, ConnectionQueue>();
  return (req: IncomingMessage, res: ServerResponse): void => {
    let queue = queues.get(req.socket);
    if (queue === undefined) {
      queue = new ConnectionQueue(req.socket, respond, maxUnsent);
      queues.set(req.socket, queue);
    }
    queue.push(req, res);
  };
}
