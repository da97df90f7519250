import { readRegularFile } from './durable-fs';
import { StateFileError } from './state-file-error';
import { decodeLine } from './wal-line';

/** What a write-ahead log file holds. */
export interface WalScan {
  /** Decoded entries of the whole, valid lines, in order. */
  readonly entries: unknown[];
  /** Bytes of those lines: where appends continue once a torn tail is cut off. */
  readonly validBytes: number;
  /** Why the last line was dropped (a write torn by a crash), when it was. */
  readonly torn?: string;
}

const NEWLINE = 0x0a;

/**
 * Reads a write-ahead log. A bad last line (cut short, no newline, checksum mismatch) is what a
 * crash mid-write leaves (such a line was not acknowledged: a response waits for its whole
 * line), so it is dropped and reported in `torn`; the reader cannot tell it from damage.
 * A bad line anywhere else means the file is corrupt: {@link StateFileError}.
 */
export async function readWal(path: string): Promise<WalScan> {
  const bytes = await readRegularFile(path, 'journal', { noLinks: true });
  const entries: unknown[] = [];
  let start = 0;
  let line = 0;
  while (start < bytes.length) {
    line++;
    const end = bytes.indexOf(NEWLINE, start);
    if (end === -1) {
      return { entries, validBytes: start, torn: `line ${line} has no end (torn write)` };
    }
    const decoded = decodeLine(bytes.toString('utf8', start, end));
    if (!decoded.ok) {
      if (end + 1 === bytes.length) {
        return { entries, validBytes: start, torn: `line ${line}: ${decoded.reason}` };
      }
      throw new StateFileError(
        `journal ${path} is corrupt at line ${line} (${decoded.reason}), not at its end: refusing to start`,
      );
    }
    entries.push(decoded.value);
    start = end + 1;
  }
  return { entries, validBytes: start };
}
