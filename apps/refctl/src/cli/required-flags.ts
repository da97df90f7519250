import type { Command, Option } from 'commander';
import { UsageError } from '../errors/cli-error';
import type { Ctx } from './context';

// Required flags are not commander's mandatory options: commander would refuse the command
// before its action runs, and on a terminal refctl asks for what is missing instead (gh's
// convention). The action wrapper (`lazyAction`) checks them: it asks on a terminal and
// fails fast with one line naming every missing flag elsewhere.

const REQUIRED = new WeakSet<Option>();

/**
 * Asks on a terminal for the `missing` required flags (and whatever else the command's
 * interactive flow offers); resolves to the options completed, or throws CancelledError.
 */
export type Asker = (
  ctx: Ctx,
  args: readonly string[],
  opts: Readonly<Record<string, unknown>>,
  missing: readonly Option[],
) => Promise<Readonly<Record<string, unknown>>>;

/** Marks `option` as required: `(required)` in `--help`, asked for or refused when missing. */
export function requiredFlag(option: Option): Option {
  option.description = option.description ? `${option.description} (required)` : '(required)';
  REQUIRED.add(option);
  return option;
}

/** The required options of `command` that the command line did not give, in `--help` order. */
export function missingRequired(command: Command): Option[] {
  const values = command.opts();
  return command.options.filter((o) => REQUIRED.has(o) && values[o.attributeName()] === undefined);
}

/**
 * Whether refctl may ask for missing input: stdin and stdout are terminals and `--no-input`
 * was not given.
 */
export function canPrompt(ctx: Ctx): boolean {
  return ctx.globals.input && ctx.io.stdin.isTTY === true && ctx.io.stdout.isTTY === true;
}

/** The one-line refusal (exit 2) when required flags are missing and refctl may not ask. */
export function missingFlagsError(ctx: Ctx, missing: readonly Option[]): UsageError {
  const names = missing.map((o) => o.long ?? o.flags).join(', ');
  const how = ctx.globals.input ? 'run on a terminal to be asked' : 'drop --no-input to be asked';
  return new UsageError(
    `missing required flag${missing.length === 1 ? '' : 's'}: ${names} (or ${how})`,
    'missing_flags',
  );
}
