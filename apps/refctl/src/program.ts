import { Command, Option } from 'commander';
import type { App } from './cli/app';
import { duration, nameList, nonEmpty } from './cli/arg-parsers';
import { examples, explainArgumentErrors } from './cli/command-helpers';
import { addHelpCommands } from './cli/help-command';
import { registerAccount } from './commands/account';
import { registerApi } from './commands/api';
import { registerApply } from './commands/apply';
import { registerBilling } from './commands/billing';
import { registerCompletion } from './commands/completion';
import { registerConfig } from './commands/config';
import { registerHelpTopics } from './commands/help-topics';
import { registerPlans } from './commands/plans';
import { registerServer } from './commands/server';
import { registerServices } from './commands/services';
import { registerShield } from './commands/shield';
import { escapeControlsInLines } from './output/control-chars';
import { toJson } from './output/json';
import { OUTPUT_FORMATS } from './output/output-format';
import { redactSecrets } from './runtime/redact-secrets';
import { VERSION } from './version';

type CommandGroup = {
  /** The top-level commands `register` adds (a test holds the two together). */
  readonly names: readonly string[];
  readonly register: (program: Command, app: App) => void;
};

/** The command tree in groups, in the order `--help` lists them. */
export const COMMAND_GROUPS: readonly CommandGroup[] = [
  { names: ['me', 'balance'], register: registerAccount },
  { names: ['invoices', 'transactions', 'orders'], register: registerBilling },
  { names: ['services'], register: registerServices },
  { names: ['shield'], register: registerShield },
  { names: ['plans'], register: registerPlans },
  { names: ['apply'], register: registerApply },
  { names: ['api'], register: registerApi },
  { names: ['server'], register: registerServer },
  { names: ['config'], register: registerConfig },
  { names: ['completion', '__complete'], register: registerCompletion },
  { names: ['exit-codes'], register: registerHelpTopics },
];

/**
 * Whether `argv` asks for `-o json` or `-o ndjson` (the last `-o` given, before any `--`),
 * whose errors are JSON objects: a usage error commander finds may come before the action
 * that reads the parsed options, and before a later `-o` is parsed at all.
 */
function jsonErrors(argv: readonly string[]): boolean {
  let output: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg === '-o' || arg === '--output') output = argv[++i];
    else if (arg.startsWith('--output=')) output = arg.slice('--output='.length);
    else if (/^-o[^-]/.test(arg)) output = arg.slice(2);
  }
  return output === 'json' || output === 'ndjson';
}

/** Commander's `error: …` line as the JSON object of a usage error (report-error.ts's shape). */
function usageErrorJson(text: string): string {
  const message = text.replace(/^error: /, '').trimEnd();
  const body = { error: { message, code: 'usage_error', exit_code: 2, retriable: false } };
  return `${toJson(body)}\n`;
}

/**
 * The group of the command `argv` runs, when it names one: the first operand after the
 * global options (and their values). Undefined for `--help`, `help …`, an unknown command,
 * and `completion`, whose script is built from the whole tree: those get every group.
 */
function groupToRun(program: Command, argv: readonly string[]): CommandGroup | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return groupNamed(argv[i + 1]);
    if (!arg.startsWith('-')) return groupNamed(arg);
    // `--timeout 10s` takes the next argument; `--timeout=10s`, `-ojson` and flags do not.
    const option = program.options.find((o) => o.short === arg || o.long === arg);
    if (option && (option.required || option.optional)) i++;
  }
  return undefined;
}

const groupNamed = (name: string | undefined) =>
  name === 'completion' ? undefined : COMMAND_GROUPS.find((g) => g.names.includes(name ?? ''));

/**
 * Builds the command tree: for `argv` (the arguments after `refctl`) naming a command, only
 * that command's group, else all of it (building all is ~4 ms of a command's start).
 * Nothing heavy is imported until a command runs.
 */
export function createProgram(app: App, argv: readonly string[] = []): Command {
  const program = new Command('refctl')
    .description('Command-line client for the REF account API.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .addOption(
      new Option('-o, --output <format>', 'output format').choices(OUTPUT_FORMATS).default('table'),
    )
    .option(
      '--columns <list>',
      'table/CSV columns, comma-separated (e.g. invoice_ref,amount)',
      nameList,
    )
    .option('--no-headers', 'omit the header row of tables and CSV')
    .option(
      '--profile <name>',
      'use this config profile (default: REF_PROFILE, then the current one)',
      nonEmpty,
    )
    .option(
      '--base-url <url>',
      'API base URL (default: REF_BASE_URL, the profile, then http://127.0.0.1:4010/v1)',
      nonEmpty,
    )
    .option(
      '--timeout <duration>',
      'give up on the API after this long (a duration: 500ms, 10s, 1m30s, 2h; a bare number is seconds): each call, retries included (default 30s); with --wait, the whole wait (default 2m)',
      duration,
    )
    .option(
      '-q, --jq <expression>',
      'filter JSON output with a jq expression (implies -o json; strings print as plain text)',
      nonEmpty,
    )
    .option('--debug', 'print each HTTP request and response on stderr (credentials redacted)')
    .option(
      '--no-color',
      'no colors (also NO_COLOR or FORCE_COLOR=0; FORCE_COLOR=1 or CLICOLOR_FORCE=1 force them)',
    )
    .option('--no-input', 'never ask for missing flags or confirmation, even on a terminal')
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => app.io.stdout.write(text),
      writeErr: (text) => app.io.stderr.write(text),
      // Every error is one line: commander puts its "(Did you mean --limit?)" on a second
      // one, which `2>&1 | tail -1` or a log keeping the last line would take for the error.
      // It quotes what was typed (`unknown option '--x'`): shown, never obeyed. With -o json
      // (or ndjson) it is one JSON object, as every other error then is.
      outputError: (text, write) => {
        // It may quote an API key typed as an argument (`refctl me "$REF_API_KEY"`).
        const line = redactSecrets(
          text.replace(/\n\(Did you mean /, ' (did you mean '),
          app.state.secrets,
        );
        write(jsonErrors(argv) ? usageErrorJson(line) : escapeControlsInLines(line));
      },
    });

  const group = groupToRun(program, argv);
  for (const { register } of group ? [group] : COMMAND_GROUPS) register(program, app);
  addHelpCommands(program);
  explainArgumentErrors(program);

  examples(
    program,
    'refctl me',
    'refctl me --jq .email',
    'refctl invoices list --paginate -o csv > invoices.csv',
    'refctl shield rules add REF-SVC-101 --name web --mode enforce --action pass --risk low --protocol tcp --destination-port 443 --wait',
  );
  return program;
}
