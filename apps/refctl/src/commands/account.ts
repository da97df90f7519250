import { CURRENCIES } from '@refapi/schema/values';
import { type Command, Option } from 'commander';
import type { App } from '../cli/app';
import { examples } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';

const load = () => import('../actions/account');

/** `refctl me` and `refctl balance`. */
export function registerAccount(program: Command, app: App): void {
  examples(
    program
      .command('me')
      .description('show the account identity')
      .action(lazyAction(app, load, (m) => m.me)),
    'refctl me',
    'refctl me -o json | jq -r .email',
  );

  examples(
    program
      .command('balance')
      .description('show the balance in the account currency')
      .addOption(
        new Option('--display-currency <currency>', 'add an informational conversion').choices(
          CURRENCIES,
        ),
      )
      .action(lazyAction(app, load, (m) => m.balance)),
    'refctl balance',
    'refctl balance --display-currency USD -o json',
  );
}
