import type { Ctx } from '../cli/context';
import { escapeControlsInLines } from '../output/control-chars';
import { type Printable, render } from '../output/render';
import { resolveColumns } from '../output/view';

/** Prints a command's result on stdout in the chosen format. */
export async function print(ctx: Ctx, printable: Printable): Promise<void> {
  ctx.io.stdout.write(await render(printable, ctx.render));
}

/** A line of progress or a hint for people: stderr, never stdout (which holds only data). */
export function note(ctx: Ctx, text: string): void {
  // Notes quote server text (plan names, states): never let it drive the terminal.
  ctx.io.stderr.write(`${escapeControlsInLines(text)}\n`);
}

/**
 * Refuses a `--columns` naming none of `fields`, the fields of the object a write command
 * prints, before it sends anything: refused only when printing, the change would be made
 * (a purchase, a reboot) and the run still end in a usage error.
 */
export function refuseUnknownColumns(ctx: Ctx, fields: readonly string[]): void {
  if (ctx.render.columns !== undefined)
    resolveColumns({ columns: [], fields }, ctx.render.columns, []);
}
