import { once } from 'node:events';
import {
  close,
  constants,
  createWriteStream,
  fchmod,
  promises as fsPromises,
  fstat,
  write as fsWrite,
  ftruncate,
  open,
  type WriteStream,
} from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import { promisify } from 'node:util';
import { type RecordedExchange, recordingLine } from './recording-format';

// The recording file holds only whole lines it was told it holds: a line is counted once the
// file took all of it, and a file that stops taking them (a full disk) is cut back to its
// last whole line and reported, never left with half a line and a count that lies.

/** The call that puts bytes in the file: `fs.write`, or a test's fault. */
export type WriteCall = typeof fsWrite;

/** The recording file, written one line at a time with its backpressure honoured. */
export class RecordingWriter {
  readonly #stream: WriteStream;
  readonly #fd: number;
  readonly #regular: boolean;
  /** Bytes of the file up to the end of its last whole line. */
  #whole: number;
  #written = 0;
  #failure: NodeJS.ErrnoException | undefined;
  readonly #failed: Promise<NodeJS.ErrnoException>;
  #fail: (error: NodeJS.ErrnoException) => void = () => {};
  #closing: Promise<void> | undefined;

  private constructor(
    fd: number,
    regular: boolean,
    size: number,
    write: WriteCall,
    endTornLine: boolean,
  ) {
    this.#fd = fd;
    this.#regular = regular;
    this.#whole = size;
    this.#failed = new Promise((resolve) => {
      this.#fail = resolve;
    });
    // The descriptor stays ours (autoClose off): a failed file is cut back before it closes.
    this.#stream = createWriteStream('', {
      fd,
      autoClose: false,
      fs: { write, close, open } as never,
    });
    this.#stream.on('error', (error) => {
      this.#failure ??= error;
      this.#fail(this.#failure);
    });
    // A file whose last line was cut short (a recorder killed mid-write, a hand edit without
    // a final line end) is ended first: the next exchange glued to it would be lost with it,
    // though counted as recorded. The cut line stays one of its own, which readers skip by
    // number; nothing already in the file is dropped (its last line may still be whole JSON).
    if (endTornLine) {
      this.#stream.write('\n', (error) => {
        if (error === null || error === undefined) this.#whole += 1;
      });
    }
  }

  /**
   * Opens `file` for appending. A regular file is made its owner's only (0600: a recording
   * holds a session's answers, like a key file), created so or changed through the open
   * descriptor; anything else (a FIFO, a device) is written as it is, its mode untouched.
   */
  static async open(
    file: string,
    write: WriteCall = fsWrite,
    signal?: AbortSignal,
    onWaitingForReader?: () => void,
  ): Promise<RecordingWriter> {
    const probe = await readerOf(file, signal, onWaitingForReader);
    const fd = await promisify(open)(file, 'a', 0o600).finally(() => probe?.close());
    try {
      const stat = await promisify(fstat)(fd);
      const regular = stat.isFile();
      if (regular && (stat.mode & 0o777) !== 0o600) await promisify(fchmod)(fd, 0o600);
      const tail = regular && stat.size > 0 ? await tailOf(file, stat.size) : undefined;
      const torn = tail !== undefined && tail.at(-1) !== 0x0a;
      const writer = new RecordingWriter(fd, regular, regular ? stat.size : 0, write, torn);
      writer.lastSeq = tail === undefined ? 0 : lastSeqIn(tail);
      return writer;
    } catch (error) {
      close(fd, () => {});
      throw error;
    }
  }

  /**
   * The highest `seq` the file held when it was opened (0 for a new, empty or other file): a
   * recording appended to goes on from it, so that no two exchanges of a file share a number,
   * by which drift names them and orders what follows what.
   */
  lastSeq = 0;

  /** Lines the file took whole. */
  get written(): number {
    return this.#written;
  }

  /** Why the file took no more, once it did not. */
  get failure(): NodeJS.ErrnoException | undefined {
    return this.#failure;
  }

  /** Settles with the error once the file cannot be written: the recorder stops then. */
  get failed(): Promise<NodeJS.ErrnoException> {
    return this.#failed;
  }

  /** Resolves once the file can take more: a new exchange waits while the file is behind. */
  async drained(): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure;
    if (this.#stream.writableNeedDrain) {
      await Promise.race([once(this.#stream, 'drain'), this.#failed]);
      if (this.#failure !== undefined) throw this.#failure;
    }
  }

  /** Appends the exchange's line; false when the file already failed (the line is lost). */
  write(exchange: RecordedExchange): boolean {
    if (this.#failure !== undefined) return false;
    const line = recordingLine(exchange);
    const bytes = Buffer.byteLength(line);
    this.#stream.write(line, (error) => {
      if (error !== null && error !== undefined) return;
      this.#whole += bytes;
      this.#written++;
    });
    return true;
  }

  /**
   * Flushes and closes the file. After a failure, a regular file is cut back to its last
   * whole line. Never throws: {@link failure} says what went wrong. Called again, it waits
   * for the first close: a descriptor is closed once, since its number is soon another
   * file's or socket's.
   */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    if (!this.#stream.destroyed && !this.#stream.writableFinished) {
      // autoClose off: the stream ends at 'finish' and never closes the descriptor itself.
      this.#stream.end();
      await Promise.race([once(this.#stream, 'finish').catch(() => {}), this.#failed]);
    }
    if (this.#failure !== undefined && this.#regular) {
      await promisify(ftruncate)(this.#fd, this.#whole).catch(() => {});
    }
    await promisify(close)(this.#fd).catch(() => {});
  }
}

/**
 * How much of an existing file's end is read for its last `seq`: more than the longest line
 * the recorder writes (two bodies of at most 3 MiB of JSON, and headers).
 */
const TAIL_BYTES = 16 * 1024 * 1024;

/** The last bytes of the regular file `file` (read apart: the writer's `fd` only appends). */
async function tailOf(file: string, size: number): Promise<Buffer> {
  const length = Math.min(size, TAIL_BYTES);
  const handle = await fsPromises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, size - length);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The highest `seq` of the recorder's lines in `tail` (each begins `{"v":1,"seq":<n>,`), or 0. */
function lastSeqIn(tail: Buffer): number {
  let last = 0;
  for (const [, digits] of tail.toString('latin1').matchAll(/(?:^|\n)\{"v":1,"seq":(\d{1,15}),/g)) {
    last = Math.max(last, Number(digits));
  }
  return last;
}

/** How often a FIFO with no reader is tried again. */
const READER_POLL_MS = 100;

/**
 * Once `file`, when it is a FIFO, has a reader: a descriptor writing to it, to keep until the
 * file is opened for good (closed first, the reader would see the end of its input). Opening
 * a FIFO for writing blocks until a reader comes, in a thread of libuv's pool that nothing can
 * cancel, and that process exit then waits for: Ctrl-C could not end the recorder. So the
 * FIFO is tried without blocking (ENXIO while no reader has it open) until one has it;
 * `onWaiting` is called once, when the first try finds none. Undefined for anything else, at
 * once.
 */
async function readerOf(
  file: string,
  signal: AbortSignal | undefined,
  onWaiting: () => void = () => {},
): Promise<fsPromises.FileHandle | undefined> {
  const stat = await fsPromises.stat(file).catch(() => undefined);
  if (stat?.isFIFO() !== true) return undefined;
  for (let tries = 0; ; tries++) {
    signal?.throwIfAborted();
    try {
      return await fsPromises.open(file, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error;
    }
    if (tries === 0) onWaiting();
    await setTimeout(READER_POLL_MS, undefined, signal ? { signal } : {});
  }
}
