import { writeFile } from 'node:fs/promises';
import type { Ctx } from '../cli/context';
import { UsageError } from '../errors/cli-error';

/**
 * Writes `text` where a `<path>` flag says: stdout for `-` (as `--input -` reads stdin),
 * else the file. A file that cannot be written (a missing directory, no permission) is one
 * readable line and exit 2, as any other bad flag value, not the fs error's own message.
 */
export async function writeOutput(ctx: Ctx, target: string, text: string): Promise<void> {
  if (target === '-') {
    ctx.io.stdout.write(text);
    return;
  }
  await writeFile(target, text).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot write ${target}: ${error.code ?? error.message}`, 'invalid_input');
  });
}
