import type { Command } from 'commander';
import type { App } from './app';
import { type Ctx, createCtx, type GlobalOptions } from './context';

/** A command implementation: positional arguments and the command's own options. */
export type Handler = (
  ctx: Ctx,
  args: readonly string[],
  opts: Readonly<Record<string, unknown>>,
) => Promise<void>;

/**
 * A commander action that imports its implementation only when the command runs, so
 * `refctl --version` and `--help` never load the SDK, zod or ink.
 * @example cmd.action(lazyAction(app, () => import('../actions/account'), (m) => m.me))
 */
export function lazyAction<M>(app: App, load: () => Promise<M>, pick: (module: M) => Handler) {
  return async (...raw: unknown[]): Promise<void> => {
    const command = raw.at(-1) as Command;
    const args = raw.slice(0, -2).flatMap((a) => (Array.isArray(a) ? a : [a])) as string[];
    const globals = command.optsWithGlobals<GlobalOptions>();
    const ctx = createCtx(app.io, globals, app.state, app.signal);
    const handler = pick(await load());
    await handler(ctx, args, command.opts());
  };
}
