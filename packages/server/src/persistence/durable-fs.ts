import { type FileHandle, open, rename, rm } from 'node:fs/promises';

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

/** Writes `chunks` to `temp`, fsyncs it, renames it over `target` and fsyncs the directory. */
export async function replaceFileDurably(
  temp: string,
  target: string,
  directory: string,
  chunks: readonly (string | Uint8Array)[],
): Promise<void> {
  const handle = await open(temp, 'w', 0o600);
  try {
    for (const chunk of chunks) await handle.writeFile(chunk);
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

/**
 * The file operations write-ahead log appends go through: a node `FileHandle` is one. Tests wrap
 * it (`StateFileOptions.walFile`) to make writes fail as on a full disk.
 */
export type WalFile = Pick<FileHandle, 'write' | 'datasync' | 'truncate' | 'close'>;
