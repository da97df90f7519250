import type { Command } from 'commander';
import type { App } from '../cli/app';
import { examples, listOptions, oneObjectOutput } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { UsageError } from '../errors/cli-error';
import { addFlags } from '../flags/add-flags';
import { SPACE_CREATE_FLAGS } from '../flags/command-flags';

const loadSpaces = () => import('../actions/spaces');

/**
 * `refctl server start`: the reference server, for trying refctl out and for tests. bin.ts
 * runs it (ref-server's own flags); this entry lists it in help and completion.
 * `refctl server spaces …`: the spaces of the server behind the base URL (its admin API).
 */
export function registerServer(program: Command, app: App): void {
  const server = program
    .command('server')
    .description('the reference server: run one, and manage the spaces of one');
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

  const spaces = server
    .command('spaces')
    .description(
      "isolated copies of the server's state, each with its own base URL (admin token: REF_ADMIN_TOKEN)",
    );
  examples(
    listOptions(spaces.command('list').description('list the spaces with their base URLs')).action(
      lazyAction(app, loadSpaces, (m) => m.list),
    ),
    'refctl server spaces list',
    'refctl server spaces list --jq ".[].space_id"',
  );
  examples(
    oneObjectOutput(
      addFlags(
        spaces
          .command('create')
          .description(
            'create a space and print its base URL (refctl --base-url URL … works in it)',
          ),
        SPACE_CREATE_FLAGS,
      ).action(lazyAction(app, loadSpaces, (m) => m.create)),
    ),
    'refctl server spaces create --name ci-job-1 --ttl 600',
    'refctl --base-url "$(refctl server spaces create --jq .base_url)" me',
    'refctl server spaces create --from current -o json',
  );
  examples(
    spaces
      .command('delete')
      .description('delete a space (its URLs then answer 404)')
      .argument('<space-id>', 'space id (sp_…)')
      .action(lazyAction(app, loadSpaces, (m) => m.remove)),
    'refctl server spaces delete "$(refctl server spaces create --jq .space_id)"',
  );
}
