import type { Command } from 'commander';
import { positiveInt } from './arg-parsers';

/** Appends an `Examples:` block to a command's `--help`. */
export function examples(command: Command, ...lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

/** `--limit`, `--all` and `--cursor` of the paginated lists. */
export function listOptions(command: Command): Command {
  return command
    .option('--limit <n>', 'print at most n items (pages are fetched as needed)', positiveInt)
    .option('--all', 'stream every page; a failing page fails the command')
    .option('--cursor <ref>', 'start after this reference (from a previous page)');
}

/** `--wait` of the Shield mutations; the global `--timeout` bounds it. */
export function waitOptions(command: Command, target: string): Command {
  return command.option(
    '--wait',
    `wait until ${target} (up to --timeout, default 2m); exit 1 if it fails, 7 on timeout`,
  );
}

/** `--idempotency-key` of the operations that take one. */
export function idempotencyOption(command: Command): Command {
  return command.option(
    '--idempotency-key <key>',
    'reuse the key a failed attempt printed, to retry without doing it twice',
  );
}

/** `--yes` of the commands that ask before acting. */
export function yesOption(command: Command): Command {
  return command.option('-y, --yes', 'do not ask for confirmation (required without a terminal)');
}
