import type { Command } from 'commander';
import type { App } from '../cli/app';
import {
  examples,
  idempotencyOption,
  listOptions,
  oneObjectOutput,
  planOutOption,
  waitOptions,
  yesOption,
} from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { addFlags } from '../flags/add-flags';
import { RULE_ADD_FLAGS } from '../flags/command-flags';

const load = () => import('../actions/shield-rules');
const REF = ['<ref>', 'service reference of a KVM service (REF-SVC-…)'] as const;

/** `refctl shield rules list|add|delete`. */
export function registerShieldRules(shield: Command, app: App): void {
  const rules = shield.command('rules').description('custom, preset and profile rules');

  examples(
    listOptions(
      rules
        .command('list')
        .description('list the rules of a service')
        .argument(...REF),
    ).action(lazyAction(app, load, (m) => m.list)),
    'refctl shield rules list REF-SVC-101',
    'refctl shield rules list REF-SVC-101 --jq ".[] | [.id, .state] | @tsv"',
  );

  const add = addFlags(
    rules
      .command('add')
      .description('queue a custom rule (the service IP is added by the server)')
      .argument(...REF),
    RULE_ADD_FLAGS,
  );
  examples(
    oneObjectOutput(
      planOutOption(waitOptions(idempotencyOption(add), 'the rule is active')).action(
        lazyAction(app, load, (m) => m.add),
      ),
    ),
    'refctl shield rules add REF-SVC-101 --name block-dns-amp --mode enforce --action drop \\\n      --risk high --protocol udp --destination-port 53 --wait',
  );

  examples(
    planOutOption(
      yesOption(
        waitOptions(
          idempotencyOption(
            rules
              .command('delete')
              .description('queue the rollback of a rule (or its whole profile bundle); asks first')
              .argument(...REF)
              .argument('<rule-id>', 'rule id (UUID)'),
          ),
          'the rule is gone',
        ),
      ),
    ).action(lazyAction(app, load, (m) => m.remove)),
    'refctl shield rules delete REF-SVC-101 "$(refctl shield rules add REF-SVC-101 --name tmp --mode observe \\\n      --action drop --risk low --protocol udp --destination-port 9 --wait --jq .rule.id)" --wait --yes',
  );
}
