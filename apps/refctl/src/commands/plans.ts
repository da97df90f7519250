import type { Command } from 'commander';
import type { App } from '../cli/app';
import { examples, listOptions } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { addFlags } from '../flags/add-flags';
import { PLAN_LIST_FLAGS } from '../flags/command-flags';

/** `refctl plans list`. */
export function registerPlans(program: Command, app: App): void {
  const plans = program.command('plans').description('the plan catalog');
  examples(
    listOptions(
      addFlags(
        plans
          .command('list')
          .description('list saleable plans with their price in the account currency'),
        PLAN_LIST_FLAGS,
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
