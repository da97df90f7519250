import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Where the files of a state file live, all beside `path`: the snapshot at `path` itself,
 * its temp file while a compaction writes it, and one write-ahead log per snapshot
 * generation (`<path>.journal.<generation>`, the changes made after that snapshot was
 * captured; the file keeps the name it had before the log was called so).
 */
export interface StateLayout {
  readonly snapshot: string;
  readonly temp: string;
  readonly directory: string;
  wal(generation: number): string;
  /** Generations of the write-ahead logs present, ascending. */
  wals(): Promise<number[]>;
}

/** The layout of the state file at `path`. */
export function stateLayout(path: string): StateLayout {
  const directory = dirname(path);
  // The file name keeps its first name (`.journal.`): files of earlier versions still load.
  const prefix = `${basename(path)}.journal.`;
  return {
    snapshot: path,
    temp: `${path}.tmp`,
    directory,
    wal: (generation) => join(directory, `${prefix}${generation}`),
    async wals() {
      const names = await readdir(directory);
      return names
        .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
        .map((name) => Number(name.slice(prefix.length)))
        .sort((a, b) => a - b);
    },
  };
}
