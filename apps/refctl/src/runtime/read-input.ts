import { createReadStream } from 'node:fs';
import type { Ctx } from '../cli/context';
import { UsageError } from '../errors/cli-error';

/**
 * The text of `file` (`-`: standard input), at most `maxBytes`: a larger one is refused in
 * one line once that much was read, so a wrong file (a disk image, /dev/zero) never fills
 * memory. A file that cannot be read is a usage error naming it.
 */
export async function readInput(ctx: Ctx, file: string, maxBytes: number): Promise<string> {
  const stream = file === '-' ? ctx.io.stdin : createReadStream(file);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
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
    const { code, message } = error as NodeJS.ErrnoException;
    throw new UsageError(`cannot read ${file}: ${code ?? message}`, 'invalid_input');
  } finally {
    if (file !== '-') (stream as ReturnType<typeof createReadStream>).destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}
