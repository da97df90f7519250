import { type RouteId, routes } from '@refapi/schema/client';
import {
  CURRENCIES,
  SERVICE_TYPES,
  SHIELD_EVIDENCE_ACTIONS,
  SHIELD_EXPORT_DATASETS,
  SHIELD_EXPORT_FORMATS,
  SHIELD_PROTOCOLS,
  SHIELD_RULE_ACTIONS,
  SHIELD_RULE_MODES,
  SHIELD_RULE_RISKS,
  TELEMETRY_GROUP_BY,
} from '@refapi/schema/values';
import type { FlagTable } from './flag-table';

// Every command's own flags, once (`flag-table.ts` says how they are used). Plain data
// and one module: the start-up code and every action share it as one small chunk. A flag
// that sends a contract input names it (`parameter`) and `--help` shows the contract's
// description of it; refctl's own words are for flags of its own and for those that
// differ from the input they fill.

/** Declares a flag table, keeping its literal shape for the parsed values' type. */
const defineFlags = <const T extends FlagTable>(table: T): T => table;

/** The long flag of a table key: `displayCurrency` → `--display-currency`. */
export const longFlag = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

// Shared by several commands.

/**
 * The flags every list command takes, gh's: `--json [fields]`, `-L/--limit`, `--paginate`,
 * and `--all`, the old name of `--paginate` (hidden: it still works, with a warning). A
 * `paged` list fetches pages from the API; the others come whole in one answer.
 */
const listFlags = (paged: boolean) =>
  defineFlags({
    json: {
      value: '[fields]',
      nameList: true,
      description:
        'print JSON with only these fields of each item, comma-separated (--json alone lists them)',
    },
    limit: {
      short: '-L',
      value: '<n>',
      description: paged
        ? 'print at most n items (pages are fetched as needed)'
        : 'print at most n items',
      number: 'positiveInt',
    },
    paginate: {
      description: paged
        ? 'print every item, fetching page after page; a failing page fails the command'
        : 'print every item (the default: the API sends this list whole)',
    },
    all: { description: 'the old name of --paginate', hidden: true },
  });

/** The flags of a list the API sends whole (`shield rules list`, `config list`). */
export const LIST_FLAGS = listFlags(false);

/**
 * The paginated lists' flags: {@link LIST_FLAGS} and `--cursor`; the values' shape, for
 * their schema. A list's `--help` comes from {@link pagingFlags}, which names its cursor.
 */
export const PAGING_FLAGS = defineFlags({
  ...listFlags(true),
  cursor: { value: '<ref>', description: 'start after this reference (from a previous page)' },
});

/** `--idempotency-key` of the operations that take one. */
export const IDEMPOTENCY_FLAGS = defineFlags({
  idempotencyKey: {
    value: '<key>',
    description: 'reuse the key a failed attempt printed, to retry without doing it twice',
  },
});

/** `--plan-out` of every write command: the plan instead of the request (`refctl apply` sends it). */
export const PLAN_OUT_FLAGS = defineFlags({
  planOut: {
    value: '<file>',
    description:
      'write the plan of this request to file (- for stdout) and send nothing; refctl apply sends it',
  },
});

/** `--yes` of the commands that ask before acting. */
export const YES_FLAGS = defineFlags({
  yes: { short: '-y', description: 'do not ask for confirmation (required without a terminal)' },
});

/** `--wait` of the Shield mutations, waiting until `target`; the global `--timeout` bounds it. */
export const waitFlags = (target = 'it is done') =>
  defineFlags({
    wait: {
      description: `wait until ${target} (up to --timeout, default 2m); exit 1 if it fails, 7 on timeout`,
    },
  });

/** An operation that takes a `cursor` (a paginated list), by its contract entry's parameters. */
type PagedOperation = {
  [K in RouteId]: 'cursor' extends keyof (typeof routes)[K]['parameters'] ? K : never;
}[RouteId];

/** The paginated lists' flags, `--cursor` described as `operation`'s cursor. */
export const pagingFlags = (operation: PagedOperation) =>
  defineFlags({
    ...PAGING_FLAGS,
    cursor: { value: '<ref>', parameter: [operation, 'cursor'] },
  });

/** `refctl balance`. */
export const BALANCE_FLAGS = defineFlags({
  displayCurrency: {
    value: '<currency>',
    parameter: ['getBalance', 'display_currency'],
    choices: CURRENCIES,
  },
});

/** The flags of `refctl orders create` that make up the body, each with its body field. */
export const ORDER_BODY_FLAGS = defineFlags({
  type: {
    value: '<type>',
    parameter: ['createOrder', 'type'],
    choices: SERVICE_TYPES,
    required: true,
  },
  plan: { value: '<code>', parameter: ['createOrder', 'plan_code'], required: true },
  period: { value: '<ref>', parameter: ['createOrder', 'period_ref'] },
  os: { value: '<ref>', parameter: ['createOrder', 'os_image_ref'] },
  osName: { value: '<name>', parameter: ['createOrder', 'os_name'] },
  region: { value: '<ref>', parameter: ['createOrder', 'region_ref'] },
  addon: {
    value: '<ref=units>',
    parameter: ['createOrder', 'addons'],
    more: 'One --addon REF=UNITS per addon, e.g. REF-ADDON-11=2.',
    repeatable: true,
  },
  windows: { parameter: ['createOrder', 'windows'] },
  ipv6Only: { parameter: ['createOrder', 'ipv6_only'] },
});

/** `refctl orders create`'s own flags: the body's and `--dry-run`. */
export const ORDER_CREATE_FLAGS = defineFlags({
  ...ORDER_BODY_FLAGS,
  dryRun: { description: 'validate and print the request without sending it' },
});

/** `refctl plans list`'s filters (the paging flags come after them). */
export const PLAN_LIST_FLAGS = defineFlags({
  type: { value: '<type>', parameter: ['listPlans', 'type'], choices: SERVICE_TYPES },
  displayCurrency: {
    value: '<currency>',
    parameter: ['listPlans', 'display_currency'],
    choices: CURRENCIES,
  },
});

/** `refctl plans get`: the type narrows the search; the display currency adds prices. */
export const PLAN_GET_FLAGS = defineFlags({
  type: { value: '<type>', description: 'look among plans of this type', choices: SERVICE_TYPES },
  displayCurrency: PLAN_LIST_FLAGS.displayCurrency,
});

/**
 * `refctl services list`'s filters (the paging flags come after them). Open, as the
 * contract's filters are: completion offers the types refctl knows, any other is sent.
 */
export const SERVICE_LIST_FLAGS = defineFlags({
  type: { value: '<type>', parameter: ['listServices', 'type'], suggest: SERVICE_TYPES },
  status: { value: '<status>', parameter: ['listServices', 'status'] },
});

/** `refctl config set-profile`. */
export const SET_PROFILE_FLAGS = defineFlags({
  apiKeyStdin: { description: 'read the API key from stdin (never from an argument)' },
  use: { description: 'also make it the current profile' },
});

/** `refctl shield rules add`: one flag per field of the rule (`rule-intent.ts` builds the body). */
export const RULE_ADD_FLAGS = defineFlags({
  name: { value: '<name>', parameter: ['createShieldRule', 'name'], required: true },
  mode: {
    value: '<mode>',
    parameter: ['createShieldRule', 'mode'],
    choices: SHIELD_RULE_MODES,
    required: true,
  },
  action: {
    value: '<action>',
    parameter: ['createShieldRule', 'action'],
    choices: SHIELD_RULE_ACTIONS,
    required: true,
  },
  risk: {
    value: '<risk>',
    parameter: ['createShieldRule', 'risk'],
    choices: SHIELD_RULE_RISKS,
    required: true,
  },
  protocol: {
    value: '<protocol>',
    parameter: ['createShieldRule', 'protocol'],
    choices: SHIELD_PROTOCOLS,
    required: true,
  },
  sourceCidr: { value: '<cidr>', parameter: ['createShieldRule', 'source_cidr'] },
  destinationPort: { value: '<port>', parameter: ['createShieldRule', 'destination_port'] },
  tcpFlagsMask: { value: '<n>', parameter: ['createShieldRule', 'tcp_flags_mask'] },
  tcpFlagsValue: { value: '<n>', parameter: ['createShieldRule', 'tcp_flags_value'] },
  ratePps: { value: '<n>', parameter: ['createShieldRule', 'rate_pps'] },
  rateBps: { value: '<n>', parameter: ['createShieldRule', 'rate_bps'] },
  burstPackets: { value: '<n>', parameter: ['createShieldRule', 'burst_packets'] },
  durationHours: { value: '<n>', parameter: ['createShieldRule', 'duration_hours'] },
  explicitBroadAck: { parameter: ['createShieldRule', 'explicit_broad_ack'] },
  broadAck: {
    description:
      'confirm a broad rule (enforced drop or rate_limit on every port from everywhere): sends explicit_broad_ack and prints a warning',
  },
});

type TelemetryOperation =
  | 'getShieldTraffic'
  | 'getShieldProtectionActivity'
  | 'exportShieldTelemetry';

/** `--window` of a telemetry command: hours, written as refctl reads them. */
const windowFlag = (operation: TelemetryOperation) =>
  ({
    value: '<window>',
    parameter: [operation, 'window_hours'],
    more: 'Written in hours or days: 24h, 7d.',
    number: 'windowHours',
  }) as const;

/** `--group-by` of the traffic and its export. */
const groupByFlag = (operation: 'getShieldTraffic' | 'exportShieldTelemetry') =>
  ({
    value: '<key>',
    parameter: [operation, 'group_by'],
    choices: TELEMETRY_GROUP_BY,
  }) as const;

/** `refctl shield traffic`. */
export const TRAFFIC_FLAGS = defineFlags({
  window: windowFlag('getShieldTraffic'),
  groupBy: groupByFlag('getShieldTraffic'),
  watch: {
    description: 'refresh every cache_seconds until Ctrl-C (a bar chart on a terminal)',
  },
});

/** `refctl shield activity`. */
export const ACTIVITY_FLAGS = defineFlags({
  window: windowFlag('getShieldProtectionActivity'),
});

/** `refctl shield export`. */
export const EXPORT_FLAGS = defineFlags({
  dataset: {
    value: '<dataset>',
    parameter: ['exportShieldTelemetry', 'dataset'],
    choices: SHIELD_EXPORT_DATASETS,
    required: true,
  },
  format: {
    value: '<format>',
    parameter: ['exportShieldTelemetry', 'format'],
    choices: SHIELD_EXPORT_FORMATS,
    required: true,
  },
  window: windowFlag('exportShieldTelemetry'),
  groupBy: groupByFlag('exportShieldTelemetry'),
  file: {
    short: '-f',
    value: '<path>',
    description: 'write to this file (- for stdout, the default)',
  },
});

/** `refctl shield evidence`. */
export const EVIDENCE_FLAGS = defineFlags({
  action: {
    value: '<action>',
    parameter: ['getShieldRuleEvidence', 'action'],
    choices: SHIELD_EVIDENCE_ACTIONS,
  },
  // A list like the others: gh's --json, -L/--limit and --paginate, and its opaque cursor.
  ...pagingFlags('getShieldRuleEvidence'),
});

/** `refctl server spaces create`: the body of the reference server's `POST /__admin/spaces`. */
export const SPACE_CREATE_FLAGS = defineFlags({
  name: {
    value: '<name>',
    description: 'a name to tell it by in lists and the console (e.g. the CI job)',
  },
  from: {
    value: '<source>',
    description:
      'start from: scenario (the scenario loaded last; the default), current (the state now) or the name of a snapshot',
  },
  ttl: {
    value: '<seconds>',
    description: "delete it after this many seconds unused (default: the server's --space-ttl)",
    number: 'positiveInt',
  },
});

/**
 * The methods of the API's operations, in the contract's order: what completion offers for
 * `api -X`, which sends any method (a token of A-Z) as `gh api` does.
 */
const API_METHODS = [...new Set(Object.values(routes).map((route) => route.method))];

/** `refctl api`'s flags besides `-f`/`-F` (commands/api.ts keeps those in command-line order). */
export const API_FLAGS = defineFlags({
  method: {
    short: '-X',
    value: '<method>',
    description: 'HTTP method (default GET, or POST with fields or --input)',
    suggest: API_METHODS,
  },
  input: { value: '<file>', description: 'send this file as the request body (- for stdin)' },
  header: {
    short: '-H',
    value: '<key:value>',
    description: 'add a request header, repeatable',
    repeatable: true,
  },
  include: { short: '-i', description: 'print the status line and response headers first' },
  paginate: { description: 'follow next_cursor and print every page (GET lists)' },
  slurp: { description: 'with --paginate: print one JSON array of all pages' },
});
