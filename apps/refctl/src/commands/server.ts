import type { Command } from 'commander';
import type { App } from '../cli/app';
import { port } from '../cli/arg-parsers';
import { examples } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';

/** `refctl server start`: the reference server, for trying refctl out and for tests. */
export function registerServer(program: Command, app: App): void {
  const server = program.command('server').description('the local reference server');
  examples(
    server
      .command('start')
      .description('run the reference server until Ctrl-C (prints base URL, admin token, keys)')
      .option('--host <host>', 'address to listen on', '127.0.0.1')
      .option('--port <port>', 'port (0 picks a free one)', port, 4010)
      .option('--scenario <file>', 'scenario JSON file (default: the built-in demo)')
      .option('--admin-token <token>', 'admin token (default: REF_ADMIN_TOKEN or random)')
      .action(
        lazyAction(
          app,
          () => import('../actions/server'),
          (m) => m.start,
        ),
      ),
    'refctl server start --port 4010',
    'refctl server start --port 0 --scenario ./scenario.json',
  );
}
