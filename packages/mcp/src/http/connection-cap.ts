import type { Server, Socket } from 'node:net';

/**
 * Open connections the HTTP endpoint holds by default, as `ref-server` allows one address:
 * far more than MCP hosts open (a few each), yet a quarter of the usual 1,024 open-file limit,
 * so connections cannot take the descriptors the process needs for anything else.
 */
export const DEFAULT_MAX_CONNECTIONS = 256;

/** How long a connection past the cap may take to start its request head, as `ref-server`. */
const HEAD_START_MS = 2_000;

/** Whether a connection is past the cap: its request is answered 503 and it is closed. */
export type OverCap = (socket: Socket) => boolean;

/**
 * Caps the connections `server` holds open at once, all together: the endpoint listens on
 * 127.0.0.1 only, where one client may connect from any address of 127.0.0.0/8, so a cap per
 * address would bound nothing. Past the cap a connection is refused as `ref-server` refuses
 * one past `--max-connections-per-address` (its connection-cap.ts): never reset, since its
 * client may have sent a request already and a reset loses it, but let in uncounted, its
 * first request answered 503 with `Connection: close`, and closed at once if it sends not a
 * byte within 2 s, so idle connections past the cap hold no descriptor for long.
 */
export function capConnections(
  server: Server,
  max: number,
  headStartMs: number = HEAD_START_MS,
): OverCap {
  if (!Number.isSafeInteger(max) || max < 1) {
    throw new RangeError(`maxConnections must be a positive integer, got ${max}`);
  }
  let open = 0;
  // Connections past the cap, with the timer that closes them unless a request head comes.
  const overCap = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    if (open >= max) {
      // Closed only when nothing at all came: a head under way is left to the head timeout.
      const timer = setTimeout(() => socket.bytesRead === 0 && socket.destroy(), headStartMs);
      timer.unref();
      overCap.set(socket, timer);
      socket.once('close', () => clearTimeout(timer));
      return;
    }
    open += 1;
    socket.once('close', () => {
      open -= 1;
    });
  });
  return (socket) => {
    const timer = overCap.get(socket);
    if (timer === undefined) return false;
    clearTimeout(timer);
    return true;
  };
}
