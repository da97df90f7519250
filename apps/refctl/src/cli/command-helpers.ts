import type { Command } from 'commander';
import { UsageError } from '../errors/cli-error';
import { addFlags } from '../flags/add-flags';
import {
  IDEMPOTENCY_FLAGS,
  LIST_FLAGS,
  PLAN_OUT_FLAGS,
  pagingFlags,
  waitFlags,
  YES_FLAGS,
} from '../flags/command-flags';

/** Appends an `Examples:` block to a command's `--help`. */
export function examples(command: Command, ...lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

/**
 * The flags of a list command (`--json`, `-L/--limit`, `--paginate`), and `--cursor` when it
 * pages through `operation`; without one, the API sends the list whole.
 */
export const listOptions = (command: Command, operation?: Parameters<typeof pagingFlags>[0]) =>
  addFlags(command, operation === undefined ? LIST_FLAGS : pagingFlags(operation));

/** `--wait` of the Shield mutations; the global `--timeout` bounds it. */
export const waitOptions = (command: Command, target: string): Command =>
  addFlags(command, waitFlags(target));

/** `--idempotency-key` of the operations that take one. */
export const idempotencyOption = (command: Command): Command =>
  addFlags(command, IDEMPOTENCY_FLAGS);

/** `--plan-out` of the write commands. */
export const planOutOption = (command: Command): Command => addFlags(command, PLAN_OUT_FLAGS);

/** `--yes` of the commands that ask before acting. */
export const yesOption = (command: Command): Command => addFlags(command, YES_FLAGS);

/**
 * Marks a command that prints one object. Its table is a `label  value` row per field, with
 * no header row: `--no-headers` would change nothing there, so with the table format it is
 * refused (exit 2) before anything is sent, not ignored. Its CSV has a header row, which the
 * flag drops; `-o json` and the like refuse it themselves (cli/context.ts).
 */
export const oneObjectOutput = (command: Command): Command =>
  command.hook('preAction', (_, action) => {
    const globals = action.optsWithGlobals();
    const table =
      globals.output === 'table' && globals.jq === undefined && globals.json === undefined;
    if (!table || globals.headers !== false) return;
    throw new UsageError(
      `--no-headers does not apply to refctl ${commandPath(action)}: it prints one object, a table without a header row (-o csv has one)`,
      'invalid_input',
    );
  });

/**
 * Words commander's argument errors, in `command` and every command below it, as one line
 * naming the whole command (commander said `for 'get'`, or nothing, not which): too many,
 * with what it takes and what was extra (`too many arguments for 'services get': it takes 1
 * (<ref>), got 2 (extra: 'B')`), and one missing, with the usage (`missing required argument
 * 'ref' for 'services get': usage: refctl services get <ref>`).
 */
export function explainArgumentErrors(command: Command): void {
  const error = command.error.bind(command);
  command.error = (message, options) =>
    error(
      options?.code === 'commander.excessArguments'
        ? excessArgumentsMessage(command)
        : options?.code === 'commander.missingArgument'
          ? `${message.trimEnd()} for '${commandPath(command)}': usage: refctl ${[commandPath(command), argumentNames(command)].filter(Boolean).join(' ')}`
          : message,
      options,
    );
  for (const sub of command.commands) explainArgumentErrors(sub);
}

/** `services get`: the words after `refctl` that name `command`. */
function commandPath(command: Command): string {
  const path: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) path.unshift(at.name());
  return path.join(' ') || command.name();
}

/** `<ref> <action>`: the arguments `command` takes, optional ones in brackets. */
const argumentNames = (command: Command): string =>
  command.registeredArguments
    .map((a) => {
      const name = `${a.name()}${a.variadic ? '...' : ''}`;
      return a.required ? `<${name}>` : `[${name}]`;
    })
    .join(' ');

function excessArgumentsMessage(command: Command): string {
  const takes = command.registeredArguments;
  const names = argumentNames(command);
  const count =
    takes.length === 0
      ? 'none'
      : `${takes.every((a) => a.required) ? '' : 'up to '}${takes.length} (${names})`;
  // The extra ones quoted, as commander quotes what it refuses (escaped like any usage error).
  const extra = command.args
    .slice(takes.length)
    .map((arg) => `'${arg}'`)
    .join(' ');
  return `error: too many arguments for '${commandPath(command)}': it takes ${count}, got ${command.args.length} (extra: ${extra})`;
}
