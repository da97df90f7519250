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
  readonly #waiting: (() => Promise<void>)[] = [];
  #busy = false;
  #unsent = 0;
  #held = false;

  constructor(
    private readonly socket: HttpSocket,
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

  /** Queues `respond` for `res`; it runs once the earlier responses are written and under the limit. */
  push(respond: () => Promise<void>, res: ServerResponse): void {
    this.#waiting.push(() =>
      respond().then(
        () => this.#count(res),
        () => this.#count(res),
      ),
    );
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

  readonly #done = (): void => {
    this.#busy = false;
    this.#next();
  };

  #next(): void {
    if (!this.#busy && this.#unsent <= this.maxUnsent) {
      const run = this.#waiting.shift();
      if (run !== undefined) {
        this.#busy = true;
        // `run` never rejects (push catches the responder's failure).
        void run().then(this.#done);
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
      queue = new ConnectionQueue(req.socket, maxUnsent);
      queues.set(req.socket, queue);
    }
    queue.push(() => respond(req, res), res);
  };
}
