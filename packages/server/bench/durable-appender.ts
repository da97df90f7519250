// The durable floors of `bench durable`: what making a line durable before answering costs a
// bare server, with nothing else a write-ahead log does (no order, stamps, checksums or
// compaction).
import type { FileHandle } from 'node:fs/promises';

/**
 * Appends lines to `file`, each promise settling once its line is durable. `grouped`: one
 * write for the lines that arrived while the last one ran (group commit), followed by an
 * fdatasync unless `file` was opened with O_DSYNC (`writesDurable`), as the reference
 * server's journal is; else each line its own append and fdatasync, as a server that syncs
 * per request does.
 */
export function durableAppender(
  file: FileHandle,
  grouped: boolean,
  writesDurable = false,
): (line: string) => Promise<void> {
  if (!grouped) {
    return async (line) => {
      await file.appendFile(line);
      await file.datasync();
    };
  }
  let waiting: Array<{ line: string; done: () => void }> = [];
  let running = false;
  const drain = async () => {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await file.write(batch.map((item) => item.line).join(''));
      if (!writesDurable) await file.datasync();
      for (const item of batch) item.done();
    }
    running = false;
  };
  return (line) =>
    new Promise<void>((done) => {
      waiting.push({ line, done });
      if (!running) void drain();
    });
}
