import type { Command } from 'commander';
import type { App } from '../cli/app';
import { examples } from '../cli/command-helpers';
import { UsageError } from '../errors/cli-error';

/**
 * `refctl server start`: the reference server, for trying refctl out and for tests. bin.ts
 * runs it (ref-server's own flags); this entry lists it in help and completion.
 */
export function registerServer(program: Command, _app: App): void {
  const server = program.command('server').description('the local reference server');
  examples(
    server
      .command('start')
      .description(
        'run the reference server until Ctrl-C or SIGTERM; takes the flags of ref-server (refctl server start --help)',
      )
      .helpOption(false)
      .allowUnknownOption()
      .allowExcessArguments()
      .action(() => {
        // Reached only when refctl's global options come first (bin.ts sees `server start`
        // as the first two arguments); the server takes none of them.
        throw new UsageError(
          'server start takes no refctl options: run refctl server start [ref-server flags]',
        );
      }),
    'refctl server start --port 4010',
    'refctl server start --port 0 --scenario ./scenario.json --state-file ./state.json',
  );
}
