import { close as closeFd, constants, createReadStream, fstat, open } from 'node:fs';
import { Socket } from 'node:net';
import { addAbortSignal, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Ctx } from '../cli/context';
import { UsageError } from '../errors/cli-error';

const openFd = promisify(open);
const fstatFd = promisify(fstat);
const closeFdAsync = promisify(closeFd);

/**
 * A stream of `file`, opened without blocking. A FIFO (`mkfifo`) with no writer yet holds a
 * plain open in the thread pool, where nothing ends it: Ctrl-C printed `interrupted` and the
 * process stayed until killed (exiting waits for that thread). Opened with O_NONBLOCK, a
 * pipe is read through the event loop instead, which waits for its writer's data and ends
 * at its end; a regular file reads as always.
 */
async function openInput(file: string): Promise<Readable> {
  const fd = await openFd(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = await fstatFd(fd);
    if (stat.isFIFO() || stat.isSocket())
      return new Socket({ fd, readable: true, writable: false });
  } catch (error) {
    await closeFdAsync(fd).catch(() => {});
    throw error;
  }
  return createReadStream('', { fd });
}

/**
 * The text of `file` (`-`: standard input), at most `maxBytes`: a larger one is refused in
 * one line once that much was read, so a wrong file (a disk image, /dev/zero) never fills
 * memory. A file that cannot be read is a usage error naming it.
 */
export async function readInput(ctx: Ctx, file: string, maxBytes: number): Promise<string> {
  // `refctl apply ""` (an unset variable): said as such, not as `cannot read : ENOENT`.
  if (file === '') {
    throw new UsageError(
      'the file name is empty: give a path, or - for standard input',
      'invalid_input',
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let opened: Readable | undefined;
  try {
    opened = file === '-' ? undefined : await openInput(file);
    // Ctrl-C ends a read that waits (a pipe whose writer is slow) at once.
    if (opened !== undefined) addAbortSignal(ctx.signal, opened);
    for await (const chunk of opened ?? ctx.io.stdin) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += bytes.length;
      if (size > maxBytes) {
        throw new UsageError(
          `${file} is larger than ${maxBytes / 1024} KiB: not what this command reads`,
          'invalid_input',
        );
      }
      chunks.push(bytes);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const { code, message } = error as NodeJS.ErrnoException;
    throw new UsageError(`cannot read ${file}: ${code ?? message}`, 'invalid_input');
  } finally {
    opened?.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}
