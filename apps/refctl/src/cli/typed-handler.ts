import type { z } from 'zod';
import { UsageError } from '../errors/cli-error';
import type { Ctx } from './context';
import type { Handler } from './lazy-action';

/** `rate_pps` or `ratePps` → `--rate-pps`. */
const flagName = (key: PropertyKey) =>
  `--${String(key)
    .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    .replaceAll('_', '-')}`;

/**
 * A handler whose options (as commander parsed them) are validated and typed by `schema`
 * before it runs, so the implementation reads `opts.port`, not `opts.port as number`.
 * Lives in the lazily loaded action chunk, so start-up never loads zod. A mismatch is a
 * usage error (exit 2) naming the flag.
 * @example export const list = typedHandler(PagingFlags, async (ctx, args, opts) => …)
 */
export function typedHandler<S extends z.ZodType>(
  schema: S,
  run: (ctx: Ctx, args: readonly string[], opts: z.output<S>) => Promise<void>,
): Handler {
  return async (ctx, args, raw) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const flag = issue.path.length > 0 ? flagName(issue.path[0]!) : 'options';
      throw new UsageError(`invalid ${flag}: ${issue.message}`, 'invalid_input');
    }
    await run(ctx, args, parsed.data);
  };
}
