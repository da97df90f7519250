import type { Command } from 'commander';
import type { App } from '../cli/app';
import { examples, oneObjectOutput, yesOption } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';

const load = () => import('../actions/apply');

/** `refctl apply FILE`: sends the request of a plan written by a write command's `--plan-out`. */
export function registerApply(program: Command, app: App): void {
  examples(
    oneObjectOutput(
      yesOption(
        program
          .command('apply')
          .description(
            'send exactly the request of a plan (--plan-out), once; refused when it changed, expired or no longer prices the same',
          )
          .argument('<file>', 'the plan file (- for stdin)'),
      ).action(lazyAction(app, load, (m) => m.apply)),
    ),
    'refctl apply <(refctl orders create --type kvm --plan kvm-s --plan-out -) --yes',
    'refctl services power REF-SVC-101 reboot --plan-out reboot.plan.json && refctl apply reboot.plan.json --yes -o json',
  );
}
