/**
 * The state file cannot be used (corrupt snapshot, corrupt write-ahead log, unreadable files).
 * The server refuses to start rather than serve empty or partial state; `message` is one
 * line naming the file and what is wrong with it.
 */
export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** The `code` of a Node.js system error (e.g. `ENOENT`), or undefined. */
export const errorCode = (error: unknown): string | undefined =>
  error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
