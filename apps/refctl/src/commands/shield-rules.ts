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

const load = () => import('../actions/shield-rules');
const REF = ['<ref>', 'service reference of a KVM service (REF-SVC-…)'] as const;

const required = (flags: string, description: string, choices: readonly string[]) =>
  new Option(flags, description).choices(choices).makeOptionMandatory();

/** `refctl shield rules list|add|delete`. */
export function registerShieldRules(shield: Command, app: App): void {
  const rules = shield.command('rules').description('custom, preset and profile rules');

  examples(
    rules
      .command('list')
      .description('list the rules of a service')
      .argument(...REF)
      .action(lazyAction(app, load, (m) => m.list)),
    'refctl shield rules list REF-SVC-A1',
  );

  const add = rules
    .command('add')
    .description('queue a custom rule (the service IP is added by the server)')
    .argument(...REF)
    .requiredOption('--name <name>', 'rule name, 1 to 200 characters')
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
    'refctl shield rules add REF-SVC-A1 --name block-dns-amp --mode enforce --action drop \\\n      --risk high --protocol udp --destination-port 53 --wait',
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
    'refctl shield rules delete REF-SVC-A1 5b0f9a4e-8c1d-4e2a-9f3b-2d6c7a8e1f00 --wait --yes',
  );
}
