import { type Command, Option } from 'commander';
import type { App } from '../cli/app';
import { nonEmpty } from '../cli/arg-parsers';
import { examples } from '../cli/command-helpers';
import { lazyAction } from '../cli/lazy-action';
import { addFlags } from '../flags/add-flags';
import { API_FLAGS } from '../flags/command-flags';

// -f and -F fill one body: `-f 'addons[][addon_ref]=…' -F 'addons[][units]=2'` builds one
// object only if the fields are read in command-line order, so each value carries its place.
let order = 0;
const fieldOption = (flags: string, description: string, flag: '-f' | '-F') =>
  new Option(flags, description).argParser((text: string, previous: unknown[] | undefined) => [
    ...(previous ?? []),
    { flag, text: nonEmpty(text), order: order++ },
  ]);

/** `refctl api PATH`: any API request with the profile's URL and key, like `gh api`. */
export function registerApi(program: Command, app: App): void {
  const api = program
    .command('api')
    .description('send any request to the API and print the response (like gh api)')
    .argument('<path>', 'path below the base URL, with or without /v1 (e.g. /services?type=kvm)')
    .addOption(
      fieldOption(
        '-f, --raw-field <key=value>',
        'add a string field, repeatable (a query parameter with GET)',
        '-f',
      ),
    )
    .addOption(
      fieldOption(
        '-F, --field <key=value>',
        'add a typed field, repeatable: numbers, true, false and null as JSON; @file reads a file (@- stdin)',
        '-F',
      ),
    );
  examples(
    addFlags(api, API_FLAGS).action(
      lazyAction(
        app,
        () => import('../actions/api'),
        (m) => m.api,
      ),
    ),
    'refctl api /me',
    'refctl api -X GET /v1/services -f type=kvm --jq ".services[].service_ref"',
    'refctl api "/invoices?limit=100" --paginate --slurp --jq "map(.invoices | length) | add"',
    'refctl api -X PUT /services/REF-SVC-101/auto-renew -F enabled=false',
    'refctl api /services/REF-SVC-101/power -f action=reboot -i',
  );
}
