import { readFileSync } from 'node:fs';
import type { Server } from 'node:net';

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

/** Closes at once every connection past `max` open ones from the same remote address. */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (!Number.isSafeInteger(max) || max < 1) {
    throw new RangeError(`maxConnectionsPerAddress must be a positive integer, got ${max}`);
  }
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    const count = address === undefined ? max : (open.get(address) ?? 0);
    if (address === undefined || count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
