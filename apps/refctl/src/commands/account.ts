import type { Command } from 'commander';
import type { App } from '../cli/app';
import { examples, oneObjectOutput } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { addFlags } from '../flags/add-flags';
import { BALANCE_FLAGS } from '../flags/command-flags';

const loadMe = () => import('../actions/account');
const loadBalance = () => import('../actions/balance');

/** `refctl me` and `refctl balance`. */
export function registerAccount(program: Command, app: App): void {
  examples(
    oneObjectOutput(
      program
        .command('me')
        .description('show the account identity')
        .action(lazyAction(app, loadMe, (m) => m.me)),
    ),
    'refctl me',
    'refctl me -o json | jq -r .email',
    'refctl me --jq .email',
  );

  examples(
    oneObjectOutput(
      addFlags(
        program.command('balance').description('show the balance in the account currency'),
        BALANCE_FLAGS,
      ).action(lazyAction(app, loadBalance, (m) => m.balance)),
    ),
    'refctl balance',
    'refctl balance --display-currency USD -o json',
  );
}
