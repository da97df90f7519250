import type { Command } from 'commander';
import type { App } from '../cli/app';
import { examples, listOptions, oneObjectOutput } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { addFlags } from '../flags/add-flags';
import { SET_PROFILE_FLAGS } from '../flags/command-flags';

const load = () => import('../actions/config');

/** `refctl config …`: named profiles in `$XDG_CONFIG_HOME/refctl/config.json`. */
export function registerConfig(program: Command, app: App): void {
  const config = program
    .command('config')
    .description('profiles: base URL and API key per name (file mode 0600)');

  examples(
    addFlags(
      config
        .command('set-profile')
        .description("create or update a profile (the global --base-url sets the profile's URL)")
        .argument('<name>', 'profile name'),
      SET_PROFILE_FLAGS,
    ).action(lazyAction(app, load, (m) => m.setProfile)),
    'printf %s "$KEY" | refctl config set-profile prod --base-url https://api.example/v1 --api-key-stdin',
  );
  examples(
    config
      .command('use')
      .description('make a profile the current one')
      .argument('<name>', 'profile name')
      .action(lazyAction(app, load, (m) => m.use)),
    'refctl config use prod',
  );
  examples(
    listOptions(config.command('list').description('list profiles (keys masked)')).action(
      lazyAction(app, load, (m) => m.list),
    ),
    'refctl config list',
  );
  examples(
    oneObjectOutput(
      config
        .command('show')
        .description('show the settings in effect and where each comes from (key masked)')
        .action(lazyAction(app, load, (m) => m.show)),
    ),
    'REF_PROFILE=prod refctl config show',
  );
  examples(
    config
      .command('delete')
      .description('delete a profile')
      .argument('<name>', 'profile name')
      .action(lazyAction(app, load, (m) => m.remove)),
    'refctl config delete prod',
  );
}
