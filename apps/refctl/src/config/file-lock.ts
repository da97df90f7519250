import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { lock } from 'proper-lockfile';
import { CliError } from '../errors/cli-error';

// refctl's files are each read, changed and written whole. Several runs at once (a shell loop
// with `&`, `xargs -P`) would each write their own copy, and the last would drop the others'
// changes (8 `shield rules add` at once kept 3 names). A run takes the file's lock (a
// directory beside it, `<file>.lock`) around the read, change and write.

// A lock held by a run that died is taken over once 10 s old; a waiting run retries for ~1.5 s.
const LOCK_OPTIONS = {
  realpath: false,
  stale: 10_000,
  retries: { retries: 20, factor: 1.2, minTimeout: 10, maxTimeout: 200 },
  // The lock's time is refreshed while held; a change holds it for milliseconds, and a lock
  // found taken over meanwhile (the library's default throws, from a timer: a crash) only
  // leaves the change as unguarded as it was without one.
  onCompromised: () => {},
};

/** The file's lock could not be had: another run holds it, or something else is in its place. */
export class FileLockedError extends CliError {
  override readonly name = 'FileLockedError';
  /** The message without "try again": for a run that goes on without its change. */
  readonly why: string;
  constructor(path: string, blocker?: NodeJS.ErrnoException) {
    const held = `${path} is being changed by another refctl run`;
    super(
      blocker === undefined
        ? `${held}; try again`
        : `cannot lock ${path}: ${blocker.path} is in the way (${blocker.code}); remove it if no refctl is running`,
      undefined,
      'file_locked',
    );
    this.why = blocker === undefined ? held : this.message;
  }
}

/**
 * Runs `change` (a read, change and write of `path`) while no other refctl run changes the
 * file; rejects with {@link FileLockedError} when the lock cannot be had in time.
 */
export async function whileLocked<T>(path: string, change: () => Promise<T>): Promise<T> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const lockPath = `${path}.lock`;
  const release = await lock(path, { ...LOCK_OPTIONS, lockfilePath: lockPath }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ELOCKED') throw new FileLockedError(path);
      // A file where the lock directory goes (ENOTDIR when its time says stale).
      if (error.path === lockPath) throw new FileLockedError(path, error);
      // Anything else (EACCES, EROFS) is what writing the file would have met too.
      throw error;
    },
  );
  try {
    return await change();
  } finally {
    await release().catch(() => {});
  }
}
