import { readFileSync } from 'node:fs';
import type { Server, Socket } from 'node:net';
import { isLoopbackAddress } from '../../server/allowed-hosts';

/**
 * Open connections one remote address may hold by default (`--max-connections-per-address`).
 * Twice the most our own suites open at once from 127.0.0.1 (121 concurrent requests, each
 * its own undici connection; a browser opens six per origin), yet a quarter of the usual
 * 1,024 open-file limit: one address alone cannot leave the others without descriptors.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

/**
 * The cap when none is given: 256, or a quarter of this process's open-file limit where
 * that is lower, so that under a low `ulimit -n` one address still cannot take the
 * descriptors every other client needs.
 */
export function defaultMaxConnectionsPerAddress(openFiles = openFileLimit()): number {
  if (openFiles === undefined) return DEFAULT_MAX_CONNECTIONS_PER_ADDRESS;
  return Math.max(1, Math.min(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, Math.floor(openFiles / 4)));
}

/** The soft open-file limit of this process where the OS tells it (Linux), else undefined. */
export function openFileLimit(
  readLimits = () => readFileSync('/proc/self/limits', 'utf8'),
): number | undefined {
  try {
    // "Max open files  1024  1048576  files"; "unlimited" has no number and means no cap.
    const soft = /^Max open files\s+(\d+)/m.exec(readLimits())?.[1];
    return soft === undefined ? undefined : Number(soft);
  } catch {
    return undefined;
  }
}

/** How the per-address cap applies. */
export interface ConnectionCapOptions {
  /** Open connections one address may hold. */
  readonly max: number;
  /** Whether loopback clients are capped too (only when the cap was asked for). */
  readonly capLoopback: boolean;
  /** How long a connection past the cap may take to start its request head. */
  readonly headStartMs?: number;
}

/** Whether a connection is past its address's cap: its requests get 503 too_many_connections. */
export type OverCap = (socket: Socket) => boolean;

/**
 * Counts open connections per remote address. A connection past the cap is never reset
 * (a client may have sent its request head already, and a reset loses it): it is let in,
 * not counted, and its first request is answered 503 `too_many_connections` with
 * `Connection: close`. One that sends not a byte within `headStartMs` is closed, so idle
 * connections past the cap hold no descriptor for long. Loopback clients (local load
 * tests) are counted only when `capLoopback`.
 */
export function capConnectionsPerAddress(server: Server, options: ConnectionCapOptions): OverCap {
  const { max, capLoopback, headStartMs = 2_000 } = options;
  if (!Number.isSafeInteger(max) || max < 1) {
    throw new RangeError(`maxConnectionsPerAddress must be a positive integer, got ${max}`);
  }
  const open = new Map<string, number>();
  // Connections past the cap, with the timer that closes them unless a request head comes.
  const overCap = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (!capLoopback && isLoopbackAddress(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      // Closed only when nothing at all came: a head under way is left to the head timeout.
      const timer = setTimeout(() => socket.bytesRead === 0 && socket.destroy(), headStartMs);
      timer.unref();
      overCap.set(socket, timer);
      socket.once('close', () => clearTimeout(timer));
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return (socket) => {
    const timer = overCap.get(socket);
    if (timer === undefined) return false;
    clearTimeout(timer);
    return true;
  };
}
