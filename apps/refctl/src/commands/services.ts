import { POWER_ACTIONS } from '@refapi/schema/values';
import { Argument, type Command } from 'commander';
import type { App } from '../cli/app';
import {
  examples,
  idempotencyOption,
  listOptions,
  oneObjectOutput,
  planOutOption,
  yesOption,
} from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { addFlags } from '../flags/add-flags';
import { SERVICE_LIST_FLAGS } from '../flags/command-flags';

const load = () => import('../actions/services');

/** `refctl services …`. */
export function registerServices(program: Command, app: App): void {
  const services = program
    .command('services')
    .description('owned services: inventory, renewal, power');

  examples(
    listOptions(
      addFlags(
        services.command('list').description('list services, newest first'),
        SERVICE_LIST_FLAGS,
      ),
      'listServices',
    ).action(lazyAction(app, load, (m) => m.list)),
    'refctl services list --type kvm --status active',
    'refctl services list --paginate -o json | jq -r ".[].service_ref"',
    'refctl services list --json service_ref,status -L 5 -q ".[] | [.service_ref, .status] | @tsv"',
  );

  examples(
    oneObjectOutput(
      services
        .command('stats')
        .description('count services by type and status')
        .action(lazyAction(app, load, (m) => m.stats)),
    ),
    'refctl services stats -o yaml',
  );

  examples(
    oneObjectOutput(
      services
        .command('get')
        .description('show one service')
        .argument('<ref>', 'service reference (REF-SVC-…)')
        .action(lazyAction(app, load, (m) => m.get)),
    ),
    'refctl services get REF-SVC-101',
  );

  examples(
    oneObjectOutput(
      planOutOption(
        services
          .command('auto-renew')
          .description('turn automatic renewal on or off')
          .argument('<ref>', 'service reference (REF-SVC-…)')
          .addArgument(new Argument('<state>', 'on or off').choices(['on', 'off'])),
      ).action(lazyAction(app, load, (m) => m.autoRenew)),
    ),
    'refctl services auto-renew REF-SVC-101 on',
  );

  examples(
    oneObjectOutput(
      planOutOption(
        yesOption(
          idempotencyOption(
            services
              .command('power')
              .description('start, stop or reboot a KVM service (stop and reboot ask first)')
              .argument('<ref>', 'service reference (REF-SVC-…)')
              .addArgument(new Argument('<action>', 'the power action').choices(POWER_ACTIONS)),
          ),
        ),
      ).action(lazyAction(app, load, (m) => m.power)),
    ),
    'refctl services power REF-SVC-101 reboot --yes',
  );
}
