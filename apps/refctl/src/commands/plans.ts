import { CURRENCIES, SERVICE_TYPES } from '@refapi/schema/values';
import { type Command, Option } from 'commander';
import type { App } from '../cli/app';
import { examples, listOptions } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';

/** `refctl plans list`. */
export function registerPlans(program: Command, app: App): void {
  const plans = program.command('plans').description('the plan catalog');
  examples(
    listOptions(
      plans
        .command('list')
        .description('list saleable plans with their price in the account currency')
        .addOption(new Option('--type <type>', 'only this service type').choices(SERVICE_TYPES))
        .addOption(
          new Option('--display-currency <currency>', 'add informational prices').choices(
            CURRENCIES,
          ),
        ),
    ).action(
      lazyAction(
        app,
        () => import('../actions/plans'),
        (m) => m.list,
      ),
    ),
    'refctl plans list --type kvm',
    'refctl plans list --display-currency USD --columns code,price,display_price.final',
  );
}
