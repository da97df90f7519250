import type { Ctx } from '../cli/context';
import { escapeControlsInLines } from '../output/control-chars';
import { type Printable, render } from '../output/render';

/** Prints a command's result on stdout in the chosen format. */
export async function print(ctx: Ctx, printable: Printable): Promise<void> {
  ctx.io.stdout.write(await render(printable, ctx.render));
}

/** A line of progress or a hint for people: stderr, never stdout (which holds only data). */
export function note(ctx: Ctx, text: string): void {
  // Notes quote server text (plan names, states): never let it drive the terminal.
  ctx.io.stderr.write(`${escapeControlsInLines(text)}\n`);
}
