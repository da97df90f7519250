import type { Command } from 'commander';
import type { App } from '../cli/app';
import { examples, listOptions, oneObjectOutput } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { addFlags } from '../flags/add-flags';
import { PLAN_GET_FLAGS, PLAN_LIST_FLAGS } from '../flags/command-flags';

const load = () => import('../actions/plans');

/** `refctl plans list|get`. */
export function registerPlans(program: Command, app: App): void {
  const plans = program.command('plans').description('the plan catalog');
  examples(
    listOptions(
      addFlags(
        plans
          .command('list')
          .description('list saleable plans with their price in the account currency and stock'),
        PLAN_LIST_FLAGS,
      ),
      'listPlans',
    ).action(lazyAction(app, load, (m) => m.list)),
    'refctl plans list --type kvm',
    'refctl plans list --display-currency USD --columns code,price,display_price.final',
  );
  examples(
    oneObjectOutput(
      addFlags(
        plans
          .command('get')
          .description(
            'show one plan: price, stock, and the periods, OS images, regions and addons an order may name',
          )
          .argument('<code>', 'plan code (see: refctl plans list)'),
        PLAN_GET_FLAGS,
      ).action(lazyAction(app, load, (m) => m.get)),
    ),
    'refctl plans get kvm-s',
    'refctl plans get kvm-s --jq ".periods[] | .period_ref"',
  );
}
