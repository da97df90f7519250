import {
  SHIELD_EVIDENCE_ACTIONS,
  SHIELD_EXPORT_DATASETS,
  SHIELD_EXPORT_FORMATS,
  SHIELD_PROFILE_CODES,
  TELEMETRY_GROUP_BY,
} from '@refapi/schema/values';
import { Argument, type Command, Option } from 'commander';
import type { App } from '../cli/app';
import { positiveInt, windowHours } from '../cli/arg-parsers';
import { examples, idempotencyOption, waitOptions } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { registerShieldRules } from './shield-rules';

const load = () => import('../actions/shield');
const loadTelemetry = () => import('../actions/shield-telemetry');
const REF = ['<ref>', 'service reference of a KVM service (REF-SVC-…)'] as const;

const windowOption = () =>
  new Option('--window <window>', 'time window, 1h to 720h (e.g. 24h, 7d)').argParser(windowHours);

/** `refctl shield …`: the Shield facade of one KVM service. */
export function registerShield(program: Command, app: App): void {
  const shield = program.command('shield').description('Shield protection of a KVM service');

  examples(
    shield
      .command('overview')
      .description('entitlement, profile and rules at a glance')
      .argument(...REF)
      .action(lazyAction(app, load, (m) => m.overview)),
    'refctl shield overview REF-SVC-A1',
  );
  examples(
    shield
      .command('capabilities')
      .description('entitlement plus the preset and profile descriptors')
      .argument(...REF)
      .action(lazyAction(app, load, (m) => m.capabilities)),
    'refctl shield capabilities REF-SVC-A1 -o json',
  );

  registerShieldRules(shield, app);

  const presets = shield.command('presets').description('preset rules');
  examples(
    waitOptions(
      idempotencyOption(
        presets
          .command('apply')
          .description('queue a preset rule')
          .argument(...REF)
          .argument('<code>', 'preset code (see: refctl shield capabilities REF)'),
      ),
      'the rule is active',
    ).action(lazyAction(app, load, (m) => m.applyPreset)),
    'refctl shield presets apply REF-SVC-A1 block-udp-amplification --wait',
  );

  const profile = shield.command('profile').description('the protection profile');
  examples(
    waitOptions(
      idempotencyOption(
        profile
          .command('set')
          .description('replace the protection profile, atomically')
          .argument(...REF)
          .addArgument(new Argument('<code>', 'profile code').choices(SHIELD_PROFILE_CODES)),
      ),
      'the profile is active',
    ).action(lazyAction(app, load, (m) => m.setProfile)),
    'refctl shield profile set REF-SVC-A1 strict --wait --timeout 2m',
  );

  examples(
    shield
      .command('traffic')
      .description('traffic of a window, grouped; --watch refreshes a live chart')
      .argument(...REF)
      .addOption(windowOption())
      .addOption(new Option('--group-by <key>', 'group rows by').choices(TELEMETRY_GROUP_BY))
      .option('--watch', 'refresh every cache_seconds until Ctrl-C (a bar chart on a terminal)')
      .action(lazyAction(app, loadTelemetry, (m) => m.traffic)),
    'refctl shield traffic REF-SVC-A1 --window 24h --group-by source_ip',
    'refctl shield traffic REF-SVC-A1 --watch',
  );

  examples(
    shield
      .command('activity')
      .description('protection verdicts of a window')
      .argument(...REF)
      .addOption(windowOption())
      .action(lazyAction(app, loadTelemetry, (m) => m.activity)),
    'refctl shield activity REF-SVC-A1 --window 7d',
  );

  examples(
    shield
      .command('export')
      .description('export a telemetry dataset as CSV or JSON')
      .argument(...REF)
      .addOption(
        new Option('--dataset <dataset>', 'what to export')
          .choices(SHIELD_EXPORT_DATASETS)
          .makeOptionMandatory(),
      )
      .addOption(
        new Option('--format <format>', 'file format')
          .choices(SHIELD_EXPORT_FORMATS)
          .makeOptionMandatory(),
      )
      .addOption(windowOption())
      .addOption(new Option('--group-by <key>', 'group rows by').choices(TELEMETRY_GROUP_BY))
      .option('-f, --file <path>', 'write to this file instead of stdout')
      .action(lazyAction(app, loadTelemetry, (m) => m.exportData)),
    'refctl shield export REF-SVC-A1 --dataset traffic --format csv -f traffic.csv',
  );

  examples(
    shield
      .command('evidence')
      .description('sanitized evidence samples of a rule')
      .argument(...REF)
      .argument('<rule-id>', 'rule id (UUID)')
      .addOption(
        new Option('--action <action>', 'only this verdict').choices(SHIELD_EVIDENCE_ACTIONS),
      )
      .option('--limit <n>', 'samples per page, 1 to 50', positiveInt)
      .option('--cursor <cursor>', 'continue after a previous page')
      .action(lazyAction(app, loadTelemetry, (m) => m.evidence)),
    'refctl shield evidence REF-SVC-A1 5b0f9a4e-8c1d-4e2a-9f3b-2d6c7a8e1f00 --action drop --limit 20',
  );
}
