import { constants } from 'node:fs';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { type JsonPiece, pieceBytes } from '../internal/json-pieces';
import { StateFileError } from './state-file-error';

const { O_APPEND, O_CREAT, O_DSYNC, O_NOFOLLOW, O_NONBLOCK, O_RDONLY, O_WRONLY } = constants;

// The few fs steps whose order makes a crash safe: data fsynced before a rename makes it
// visible, and the directory fsynced after a rename or create makes the entry itself last.

/** Fsyncs a directory so the files created, renamed or removed in it stay so after a crash. */
export async function fsyncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// Buffers per writev call (Linux's IOV_MAX is 1,024).
const CHUNKS_PER_WRITE = 1024;

/**
 * Writes `chunks` one after another from the file's start: many at a time with writev (a
 * snapshot comes in hundreds of pieces, and copying them into one buffer first was a copy
 * of the whole state), a short write finished piece by piece.
 */
async function writeChunks(handle: FileHandle, chunks: readonly JsonPiece[]) {
  const buffers = chunks.map(pieceBytes);
  for (let start = 0; start < buffers.length; start += CHUNKS_PER_WRITE) {
    const batch = buffers.slice(start, start + CHUNKS_PER_WRITE);
    let { bytesWritten } = await handle.writev(batch);
    for (const buffer of batch) {
      if (bytesWritten >= buffer.byteLength) {
        bytesWritten -= buffer.byteLength;
        continue;
      }
      await handle.writeFile(buffer.subarray(bytesWritten));
      bytesWritten = 0;
    }
  }
}

/**
 * Writes `chunks` to `temp`, fsyncs it, renames it over `target` and fsyncs the directory.
 * `temp` is created anew (a leftover of a crash removed first), never opened through what is
 * there: a link planted at its name by another user of a shared directory (`/tmp/state.tmp`
 * pointing at a file of yours) had had that file truncated and overwritten with the state.
 */
export async function replaceFileDurably(
  temp: string,
  target: string,
  directory: string,
  chunks: readonly JsonPiece[],
): Promise<void> {
  await rm(temp, { force: true });
  const handle = await open(temp, 'wx', 0o600);
  try {
    await writeChunks(handle, chunks);
    await handle.sync();
  } catch (error) {
    // A half-written temp file only takes space (the very thing missing on a full disk).
    await handle.close().catch(() => {});
    await rm(temp, { force: true }).catch(() => {});
    throw error;
  }
  await handle.close();
  await rename(temp, target);
  await fsyncDirectory(directory);
}

/** Cuts a file to `bytes`, never through a symbolic link (ELOOP) swapped in at its name. */
export async function truncateFile(path: string, bytes: number): Promise<void> {
  const handle = await open(path, O_WRONLY | (O_NOFOLLOW ?? 0));
  try {
    await handle.truncate(bytes);
  } finally {
    await handle.close();
  }
}

/**
 * The file operations write-ahead log appends go through: a node `FileHandle` is one. Tests wrap
 * it (`StateFileOptions.walFile`) to make writes fail as on a full disk.
 */
export type WalFile = Pick<FileHandle, 'write' | 'datasync' | 'truncate' | 'close'>;

/**
 * Whether write-ahead logs are opened with `O_DSYNC` (Linux and macOS; Windows has none): each
 * write returns once its bytes are durable, as a write followed by fdatasync would.
 */
export const WAL_WRITES_DURABLE = O_DSYNC !== undefined;

/**
 * How a write-ahead log is opened: appending, created if missing, O_DSYNC where there is one,
 * and never through a symbolic link (ELOOP): one planted at its name by another user of a
 * shared directory would have had the log's lines appended to the file it points at.
 */
export const WAL_OPEN_FLAGS = WAL_WRITES_DURABLE
  ? O_WRONLY | O_APPEND | O_CREAT | O_DSYNC | (O_NOFOLLOW ?? 0)
  : 'a';

/**
 * Reads one of a state file's files whole (`what` names it in the error). Anything but a
 * regular file is refused at once: a FIFO would hold the start until a writer came, a device
 * such as /dev/zero would never end. Opened without blocking (O_NONBLOCK is a no-op for
 * regular files), then checked on the open descriptor. With `noLinks`, a symbolic link is
 * refused too: ref-server never makes one, so it was planted by someone else, and what the
 * server does with the file next (cutting a torn tail) would reach the file it points at.
 */
export async function readRegularFile(
  path: string,
  what: string,
  { noLinks = false } = {},
): Promise<Buffer> {
  const flags = O_RDONLY | (O_NONBLOCK ?? 0) | (noLinks ? (O_NOFOLLOW ?? 0) : 0);
  const handle = await open(path, flags).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ELOOP') throw error;
    throw new StateFileError(
      `${what} ${path} is a symbolic link, which ref-server never makes: refusing to start (remove it)`,
    );
  });
  try {
    if (!(await handle.stat()).isFile()) {
      throw new StateFileError(`${what} ${path} is not a regular file: refusing to start`);
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
