import {
  SHIELD_PROTOCOLS,
  SHIELD_RULE_ACTIONS,
  SHIELD_RULE_MODES,
  SHIELD_RULE_RISKS,
} from '@refapi/schema/values';
import { type Command, Option } from 'commander';
import type { App } from '../cli/app';
import { examples, idempotencyOption, waitOptions, yesOption } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { requiredFlag } from '../cli/required-flags';

const load = () => import('../actions/shield-rules');
const REF = ['<ref>', 'service reference of a KVM service (REF-SVC-…)'] as const;

// Asked for on a terminal when missing (cli/required-flags), refused in one line elsewhere.
const required = (flags: string, description: string, choices?: readonly string[]) =>
  requiredFlag(
    choices ? new Option(flags, description).choices(choices) : new Option(flags, description),
  );

/** `refctl shield rules list|add|delete`. */
export function registerShieldRules(shield: Command, app: App): void {
  const rules = shield.command('rules').description('custom, preset and profile rules');

  examples(
    rules
      .command('list')
      .description('list the rules of a service')
      .argument(...REF)
      .action(lazyAction(app, load, (m) => m.list)),
    'refctl shield rules list REF-SVC-101',
    'refctl shield rules list REF-SVC-101 --jq ".[] | [.id, .state] | @tsv"',
  );

  const add = rules
    .command('add')
    .description('queue a custom rule (the service IP is added by the server)')
    .argument(...REF)
    .addOption(required('--name <name>', 'rule name, 1 to 200 characters'))
    .addOption(required('--mode <mode>', 'observe only or enforce', SHIELD_RULE_MODES))
    .addOption(required('--action <action>', 'what matching packets get', SHIELD_RULE_ACTIONS))
    .addOption(required('--risk <risk>', 'risk level', SHIELD_RULE_RISKS))
    .addOption(required('--protocol <protocol>', 'protocol to match', SHIELD_PROTOCOLS))
    .option('--source-cidr <cidr>', 'match this source network')
    .option('--destination-port <port>', 'match this destination port, 1 to 65535')
    .option('--tcp-flags-mask <n>', 'TCP flags mask, 0 to 255')
    .option('--tcp-flags-value <n>', 'TCP flags value, 0 to 255')
    .option('--rate-pps <n>', 'rate limit in packets per second (rate_limit)')
    .option('--rate-bps <n>', 'rate limit in bits per second (rate_limit)')
    .option('--burst-packets <n>', 'burst size in packets (rate_limit)')
    .option('--duration-hours <n>', 'expire after this many hours (0: never)')
    .option('--explicit-broad-ack', 'confirm a deliberately broad match');
  examples(
    waitOptions(idempotencyOption(add), 'the rule is active').action(
      lazyAction(app, load, (m) => m.add),
    ),
    'refctl shield rules add REF-SVC-101 --name block-dns-amp --mode enforce --action drop \\\n      --risk high --protocol udp --destination-port 53 --wait',
  );

  examples(
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
    ).action(lazyAction(app, load, (m) => m.remove)),
    'refctl shield rules delete REF-SVC-101 "$(refctl shield rules add REF-SVC-101 --name tmp --mode observe \\\n      --action drop --risk low --protocol udp --destination-port 9 --wait --jq .rule.id)" --wait --yes',
  );
}
