import {
  CURRENCIES,
  SERVICE_TYPES,
  SHIELD_EVIDENCE_ACTIONS,
  SHIELD_EXPORT_DATASETS,
  SHIELD_EXPORT_FORMATS,
  TELEMETRY_GROUP_BY,
} from '@refapi/schema/values';
import type { FlagTable } from './flag-table';

// Every command's own flags, once (`flag-table.ts` says how they are used). Plain data
// and one module: the start-up code and every action share it as one small chunk.

/** Declares a flag table, keeping its literal shape for the parsed values' type. */
const defineFlags = <const T extends FlagTable>(table: T): T => table;

/** The long flag of a table key: `displayCurrency` → `--display-currency`. */
export const longFlag = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

// Shared by several commands.

/** `--limit`, `--all` and `--cursor` of the paginated lists. */
export const PAGING_FLAGS = defineFlags({
  limit: {
    value: '<n>',
    description: 'print at most n items (pages are fetched as needed)',
    number: 'positiveInt',
  },
  all: { description: 'stream every page; a failing page fails the command' },
  cursor: { value: '<ref>', description: 'start after this reference (from a previous page)' },
});

/** `--idempotency-key` of the operations that take one. */
export const IDEMPOTENCY_FLAGS = defineFlags({
  idempotencyKey: {
    value: '<key>',
    description: 'reuse the key a failed attempt printed, to retry without doing it twice',
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

/** `refctl balance`. */
export const BALANCE_FLAGS = defineFlags({
  displayCurrency: {
    value: '<currency>',
    description: 'add an informational conversion',
    choices: CURRENCIES,
  },
});

/** The flags of `refctl orders create` that make up the body. */
export const ORDER_BODY_FLAGS = defineFlags({
  type: { value: '<type>', description: 'service type', choices: SERVICE_TYPES, required: true },
  plan: { value: '<code>', description: 'plan code (see: refctl plans list)', required: true },
  period: { value: '<ref>', description: 'billing period reference (REF-PERIOD-…)' },
  os: { value: '<ref>', description: 'OS image reference (REF-OS-…)' },
  osName: { value: '<name>', description: 'OS name, when the plan takes one instead of an image' },
  region: { value: '<ref>', description: 'region reference (REF-REGION-…)' },
  addon: {
    value: '<ref=units>',
    description: 'addon and units, repeatable (REF-ADDON-1=2)',
    repeatable: true,
  },
  windows: { description: 'order with a Windows licence' },
  ipv6Only: { description: 'order without an IPv4 address' },
});

/** `refctl orders create`'s own flags: the body's and `--dry-run`. */
export const ORDER_CREATE_FLAGS = defineFlags({
  ...ORDER_BODY_FLAGS,
  dryRun: { description: 'validate and print the request without sending it' },
});

/** `refctl plans list`'s filters (the paging flags come after them). */
export const PLAN_LIST_FLAGS = defineFlags({
  type: { value: '<type>', description: 'only this service type', choices: SERVICE_TYPES },
  displayCurrency: {
    value: '<currency>',
    description: 'add informational prices',
    choices: CURRENCIES,
  },
});

/** `refctl plans get`: the type narrows the search; the display currency adds prices. */
export const PLAN_GET_FLAGS = defineFlags({
  type: { value: '<type>', description: 'look among plans of this type', choices: SERVICE_TYPES },
  displayCurrency: PLAN_LIST_FLAGS.displayCurrency,
});

/** `refctl services list`'s filters (the paging flags come after them). */
export const SERVICE_LIST_FLAGS = defineFlags({
  type: { value: '<type>', description: 'only this type (e.g. kvm)' },
  status: { value: '<status>', description: 'only this status (e.g. active)' },
});

/** `refctl config set-profile`. */
export const SET_PROFILE_FLAGS = defineFlags({
  apiKeyStdin: { description: 'read the API key from stdin (never from an argument)' },
  use: { description: 'also make it the current profile' },
});

/** `--window` of the telemetry commands, in hours. */
export const WINDOW_FLAGS = defineFlags({
  window: {
    value: '<window>',
    description: 'time window, 1h to 720h (e.g. 24h, 7d)',
    number: 'windowHours',
  },
});

const GROUP_BY_FLAGS = defineFlags({
  groupBy: { value: '<key>', description: 'group rows by', choices: TELEMETRY_GROUP_BY },
});

/** `refctl shield traffic`. */
export const TRAFFIC_FLAGS = defineFlags({
  ...WINDOW_FLAGS,
  ...GROUP_BY_FLAGS,
  watch: {
    description: 'refresh every cache_seconds until Ctrl-C (a bar chart on a terminal)',
  },
});

/** `refctl shield export`. */
export const EXPORT_FLAGS = defineFlags({
  dataset: {
    value: '<dataset>',
    description: 'what to export',
    choices: SHIELD_EXPORT_DATASETS,
    required: true,
  },
  format: {
    value: '<format>',
    description: 'file format',
    choices: SHIELD_EXPORT_FORMATS,
    required: true,
  },
  ...WINDOW_FLAGS,
  ...GROUP_BY_FLAGS,
  file: { short: '-f', value: '<path>', description: 'write to this file instead of stdout' },
});

/** `refctl shield evidence`. */
export const EVIDENCE_FLAGS = defineFlags({
  action: { value: '<action>', description: 'only this verdict', choices: SHIELD_EVIDENCE_ACTIONS },
  limit: { value: '<n>', description: 'samples per page, 1 to 50', number: 'positiveInt' },
  cursor: { value: '<cursor>', description: 'continue after a previous page' },
});

/** `refctl api`'s flags besides `-f`/`-F` (commands/api.ts keeps those in command-line order). */
export const API_FLAGS = defineFlags({
  method: {
    short: '-X',
    value: '<method>',
    description: 'HTTP method (default GET, or POST with fields or --input)',
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
