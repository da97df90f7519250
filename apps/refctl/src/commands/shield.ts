import { SHIELD_PRESET_CODES, SHIELD_PROFILE_CODES } from '@refapi/schema/values';
import { Argument, type Command } from 'commander';
import type { App } from '../cli/app';
import {
  examples,
  idempotencyOption,
  oneObjectOutput,
  planOutOption,
  waitOptions,
} from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { UsageError } from '../errors/cli-error';
import { addFlags } from '../flags/add-flags';
import {
  ACTIVITY_FLAGS,
  EVIDENCE_FLAGS,
  EXPORT_FLAGS,
  TRAFFIC_FLAGS,
} from '../flags/command-flags';
import type { FlagTable } from '../flags/flag-table';
import { suggestValues } from '../flags/suggested-values';
import { registerShieldRules } from './shield-rules';

const load = () => import('../actions/shield');
const loadTelemetry = () => import('../actions/shield-telemetry');
const REF = ['<ref>', 'service reference of a KVM service (REF-SVC-…)'] as const;

/** The telemetry commands: `<ref>` (and more arguments), flags, and their action. */
const TELEMETRY_COMMANDS: readonly {
  readonly name: string;
  readonly description: string;
  readonly args?: readonly (readonly [string, string])[];
  readonly flags: FlagTable;
  readonly run: 'traffic' | 'activity' | 'exportData' | 'evidence';
  readonly examples: readonly string[];
}[] = [
  {
    name: 'traffic',
    description: 'traffic of a window, grouped; --watch refreshes a live chart',
    flags: TRAFFIC_FLAGS,
    run: 'traffic',
    examples: [
      'refctl shield traffic REF-SVC-101 --window 24h --group-by source_ip',
      'refctl shield traffic REF-SVC-101 --watch',
    ],
  },
  {
    name: 'activity',
    description: 'protection verdicts of a window',
    flags: ACTIVITY_FLAGS,
    run: 'activity',
    examples: ['refctl shield activity REF-SVC-101 --window 7d'],
  },
  {
    name: 'export',
    description: 'export a telemetry dataset as CSV or JSON',
    flags: EXPORT_FLAGS,
    run: 'exportData',
    examples: ['refctl shield export REF-SVC-101 --dataset traffic --format csv -f traffic.csv'],
  },
  {
    name: 'evidence',
    description: 'sanitized evidence samples of a rule',
    args: [['<rule-id>', 'rule id (UUID)']],
    flags: EVIDENCE_FLAGS,
    run: 'evidence',
    examples: [
      'refctl shield evidence REF-SVC-101 68bf1653-9ab6-579f-af52-732921c010d9 --action drop --limit 20',
    ],
  },
];

/** `refctl shield …`: the Shield facade of one KVM service. */
export function registerShield(program: Command, app: App): void {
  const shield = program.command('shield').description('Shield protection of a KVM service');

  examples(
    oneObjectOutput(
      shield
        .command('overview')
        .description('entitlement, profile and rules at a glance')
        .argument(...REF)
        .action(lazyAction(app, load, (m) => m.overview)),
    ),
    'refctl shield overview REF-SVC-101',
  );
  examples(
    oneObjectOutput(
      shield
        .command('capabilities')
        .description('entitlement plus the preset and profile descriptors')
        .argument(...REF)
        .action(lazyAction(app, load, (m) => m.capabilities)),
    ),
    'refctl shield capabilities REF-SVC-101 -o json',
  );

  registerShieldRules(shield, app);

  const presets = shield.command('presets').description('preset rules');
  examples(
    oneObjectOutput(
      planOutOption(
        waitOptions(
          idempotencyOption(
            presets
              .command('apply')
              .description('queue a preset rule')
              .argument(...REF)
              // The codes the reference server offers, offered: the spec leaves them open.
              .addArgument(
                suggestValues(
                  new Argument('<code>', 'preset code (see: refctl shield capabilities REF)'),
                  SHIELD_PRESET_CODES,
                ),
              ),
          ),
          'the rule is active',
        ),
      ).action(lazyAction(app, load, (m) => m.applyPreset)),
    ),
    'refctl shield presets apply REF-SVC-101 block-udp-amplification --wait',
  );

  const profile = shield.command('profile').description('the protection profile');
  examples(
    oneObjectOutput(
      planOutOption(
        waitOptions(
          idempotencyOption(
            profile
              .command('set')
              .description('replace the protection profile, atomically')
              .argument(...REF)
              .addArgument(new Argument('<code>', 'profile code').choices(SHIELD_PROFILE_CODES)),
          ),
          'the profile is active',
        ),
      ).action(lazyAction(app, load, (m) => m.setProfile)),
    ),
    'refctl shield profile set REF-SVC-101 strict --wait --timeout 2m',
  );

  for (const c of TELEMETRY_COMMANDS) {
    const command = shield
      .command(c.name)
      .description(c.description)
      .argument(...REF);
    for (const [name, description] of c.args ?? []) command.argument(name, description);
    // The export is the server's own CSV or JSON, shaped by --format: a -o given on the
    // command line would be silently ignored, so it is refused before anything is sent.
    if (c.run === 'exportData') command.hook('preAction', refuseOutputFlag);
    examples(
      addFlags(command, c.flags).action(lazyAction(app, loadTelemetry, (m) => m[c.run])),
      ...c.examples,
    );
  }
}

/** Refuses `-o/--output` given on the command line (not its default) to `shield export`. */
function refuseOutputFlag(_: Command, action: Command): void {
  if (action.getOptionValueSourceWithGlobals('output') !== 'cli') return;
  const given = String(action.optsWithGlobals().output);
  throw new UsageError(
    `-o ${given} does not apply to shield export: use --format csv|json`,
    'invalid_input',
  );
}
