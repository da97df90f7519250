import { Command, Option } from 'commander';
import type { App } from './cli/app';
import { duration } from './cli/arg-parsers';
import { examples } from './cli/command-helpers';
import { registerAccount } from './commands/account';
import { registerBilling } from './commands/billing';
import { registerCompletion } from './commands/completion';
import { registerConfig } from './commands/config';
import { registerPlans } from './commands/plans';
import { registerServer } from './commands/server';
import { registerServices } from './commands/services';
import { registerShield } from './commands/shield';
import { OUTPUT_FORMATS } from './output/output-format';
import { VERSION } from './version';

/** Builds the whole command tree; nothing heavy is imported until a command runs. */
export function createProgram(app: App): Command {
  const program = new Command('refctl')
    .description('Command-line client for the REF account API.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .addOption(
      new Option('-o, --output <format>', 'output format').choices(OUTPUT_FORMATS).default('table'),
    )
    .option('--columns <list>', 'table/CSV columns, comma-separated (e.g. invoice_ref,amount)')
    .option('--no-headers', 'omit the header row of tables and CSV')
    .option(
      '--profile <name>',
      'use this config profile (default: REF_PROFILE, then the current one)',
    )
    .option(
      '--base-url <url>',
      'API base URL (default: REF_BASE_URL, the profile, then http://127.0.0.1:4010/v1)',
    )
    .option(
      '--timeout <duration>',
      'give up on the API after this long (e.g. 10s, 2m): each call, retries included (default 30s); with --wait, the whole wait (default 2m)',
      duration,
    )
    .option('--debug', 'print each HTTP request and response on stderr (Authorization redacted)')
    .option('--no-color', 'no colors (also when NO_COLOR is set)')
    .showSuggestionAfterError(true)
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .configureOutput({
      writeOut: (text) => app.io.stdout.write(text),
      writeErr: (text) => app.io.stderr.write(text),
    });

  registerAccount(program, app);
  registerBilling(program, app);
  registerServices(program, app);
  registerShield(program, app);
  registerPlans(program, app);
  registerServer(program, app);
  registerConfig(program, app);
  registerCompletion(program, app);

  examples(
    program,
    'refctl me',
    'refctl invoices list --all -o csv > invoices.csv',
    'refctl shield rules add REF-SVC-A1 --name web --mode enforce --action pass --risk low --protocol tcp --destination-port 443 --wait',
  );
  return program;
}
