import type { Command } from 'commander';
import type { App } from './app';
import { type Ctx, createCtx, type GlobalOptions } from './context';
import { type Asker, canPrompt, missingFlagsError, missingRequired } from './required-flags';

/** A command implementation: positional arguments and the command's own options. */
export type Handler = (
  ctx: Ctx,
  args: readonly string[],
  opts: Readonly<Record<string, unknown>>,
) => Promise<void>;

/**
 * A commander action that imports its implementation only when the command runs, so
 * `refctl --version` and `--help` never load the SDK, zod or ink. Missing required flags
 * are asked for on a terminal (by the module's own `ask`, else one prompt per flag) and
 * refused in one line elsewhere (exit 2), before anything is loaded.
 * @example cmd.action(lazyAction(app, () => import('../actions/account'), (m) => m.me))
 */
export function lazyAction<M>(
  app: App,
  load: () => Promise<M>,
  pick: (module: M) => Handler,
  ask?: (module: M) => Asker,
) {
  return async (...raw: unknown[]): Promise<void> => {
    const command = raw.at(-1) as Command;
    const args = raw.slice(0, -2).flatMap((a) => (Array.isArray(a) ? a : [a])) as string[];
    const globals: GlobalOptions = {
      ...command.optsWithGlobals<GlobalOptions>(),
      outputGiven: command.getOptionValueSourceWithGlobals('output') === 'cli',
    };
    const ctx = createCtx(app.io, globals, app.state, app.signal);
    const missing = missingRequired(command);
    if (missing.length > 0 && !canPrompt(ctx)) throw missingFlagsError(ctx, missing);
    const module = await load();
    let opts: Readonly<Record<string, unknown>> = command.opts();
    if (missing.length > 0) {
      // The prompts (and ink) load only here, when something is actually asked.
      const asker = ask?.(module) ?? (await import('../prompts/ask-flags')).askFlags;
      opts = await asker(ctx, args, opts, missing);
    }
    const handler = pick(module);
    const filter = ctx.globals.jq;
    if (filter === undefined) return handler(ctx, args, opts);
    // `--jq`: stdout runs each JSON text through jq (loaded only then).
    const { runWithJq } = await import('../output/jq-stdout');
    await runWithJq(ctx, filter, (filtered) => handler(filtered, args, opts));
  };
}
