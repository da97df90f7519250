import type { RouteId } from '@refapi/schema/client';
import type { RequestEntry } from '@refapi/server/browser';
import { basePathOf, operationOf, parseCall, type RecordedCall } from './recorded-call';
import { shellQuote } from './shell-quote';

/**
 * One refctl command: its command words (fixed), operands (values from the journal, quoted
 * when assembled) and options (already quoted).
 */
interface RefctlCommand {
  words: string[];
  operands?: string[];
  options?: string[];
}

const flag = (name: string, value: unknown) =>
  value === undefined || value === null || value === false
    ? []
    : value === true
      ? [`--${name}`]
      : [`--${name}`, shellQuote(String(value))];

const query = (c: RecordedCall, name: string) => c.query.get(name) ?? undefined;

const hours = (c: RecordedCall) => {
  const value = c.query.get('window_hours');
  return value === null ? [] : flag('window', `${value}h`);
};

/** `--limit` and `--cursor` of the paginated lists. */
const paging = (c: RecordedCall) => [
  ...flag('limit', query(c, 'limit')),
  ...flag('cursor', query(c, 'cursor')),
];

const ref = (c: RecordedCall) => c.params.service_ref!;
const key = (c: RecordedCall) => flag('idempotency-key', c.key);

/** A body field as its `rules add` flag (`rate_pps` → `--rate-pps`); a true boolean is a switch. */
const ruleFlags = (body: Record<string, unknown>) =>
  Object.entries(body).flatMap(([field, value]) =>
    typeof value === 'object' ? [] : flag(field.replaceAll('_', '-'), value),
  );

const createOrder = (c: RecordedCall): RefctlCommand => {
  const b = c.body ?? {};
  const addons = Array.isArray(b.addons)
    ? (b.addons as { addon_ref: string; units?: number }[])
    : [];
  return {
    words: ['orders', 'create'],
    options: [
      ...flag('type', b.type),
      ...flag('plan', b.plan_code),
      ...flag('period', b.period_ref),
      ...flag('os', b.os_image_ref),
      ...flag('os-name', b.os_name),
      ...flag('region', b.region_ref),
      ...flag('windows', b.windows),
      ...flag('ipv6-only', b.ipv6_only),
      ...addons.flatMap((a) => flag('addon', `${a.addon_ref}=${a.units ?? 1}`)),
      ...key(c),
      '--yes',
    ],
  };
};

/**
 * refctl commands by operation (`apps/refctl/src/commands`): keyed by the contract's
 * operation ids, so an operation missing here fails to compile.
 * `test/copy-as-round-trip.test.ts` runs every one against a reference server.
 */
const REFCTL: Record<RouteId, (c: RecordedCall) => RefctlCommand> = {
  getAccount: () => ({ words: ['me'] }),
  getBalance: (c) => ({
    words: ['balance'],
    options: flag('display-currency', query(c, 'display_currency')),
  }),
  listInvoices: (c) => ({ words: ['invoices', 'list'], options: paging(c) }),
  listOrders: (c) => ({ words: ['orders', 'list'], options: paging(c) }),
  createOrder,
  listTransactions: (c) => ({ words: ['transactions', 'list'], options: paging(c) }),
  listServices: (c) => ({
    words: ['services', 'list'],
    options: [
      ...flag('type', query(c, 'type')),
      ...flag('status', query(c, 'status')),
      ...paging(c),
    ],
  }),
  getServiceStats: () => ({ words: ['services', 'stats'] }),
  getService: (c) => ({ words: ['services', 'get'], operands: [ref(c)] }),
  setServiceAutoRenew: (c) => ({
    words: ['services', 'auto-renew'],
    operands: [ref(c), c.body?.enabled === false ? 'off' : 'on'],
  }),
  powerService: (c) => ({
    words: ['services', 'power'],
    operands: [ref(c), String(c.body?.action ?? 'start')],
    options: [...key(c), '--yes'],
  }),
  getShieldOverview: (c) => ({ words: ['shield', 'overview'], operands: [ref(c)] }),
  getShieldCapabilities: (c) => ({ words: ['shield', 'capabilities'], operands: [ref(c)] }),
  listShieldRules: (c) => ({ words: ['shield', 'rules', 'list'], operands: [ref(c)] }),
  createShieldRule: (c) => ({
    words: ['shield', 'rules', 'add'],
    operands: [ref(c)],
    options: [...ruleFlags(c.body ?? {}), ...key(c)],
  }),
  deleteShieldRule: (c) => ({
    words: ['shield', 'rules', 'delete'],
    operands: [ref(c), c.params.rule_id!],
    options: [...key(c), '--yes'],
  }),
  applyShieldPreset: (c) => ({
    words: ['shield', 'presets', 'apply'],
    operands: [ref(c), c.params.preset_code!],
    options: key(c),
  }),
  applyShieldProfile: (c) => ({
    words: ['shield', 'profile', 'set'],
    operands: [ref(c), c.params.profile_code!],
    options: key(c),
  }),
  getShieldTraffic: (c) => ({
    words: ['shield', 'traffic'],
    operands: [ref(c)],
    options: [...hours(c), ...flag('group-by', query(c, 'group_by'))],
  }),
  getShieldProtectionActivity: (c) => ({
    words: ['shield', 'activity'],
    operands: [ref(c)],
    options: hours(c),
  }),
  exportShieldTelemetry: (c) => ({
    words: ['shield', 'export'],
    operands: [ref(c)],
    options: [
      ...flag('dataset', query(c, 'dataset')),
      ...flag('format', query(c, 'format')),
      ...hours(c),
      ...flag('group-by', query(c, 'group_by')),
    ],
  }),
  getShieldRuleEvidence: (c) => ({
    words: ['shield', 'evidence'],
    operands: [ref(c), c.params.rule_id!],
    options: [
      ...flag('action', query(c, 'action')),
      ...flag('limit', query(c, 'limit')),
      ...flag('cursor', query(c, 'cursor')),
    ],
  }),
  listPlans: (c) => ({
    words: ['plans', 'list'],
    options: [
      ...flag('type', query(c, 'type')),
      ...flag('display-currency', query(c, 'display_currency')),
      ...paging(c),
    ],
  }),
};

/**
 * The request as a refctl command (the key from `REF_API_KEY`, the base URL from `origin`),
 * or undefined when no operation of the contract answered it or its path is malformed.
 */
export function toRefctl(entry: RequestEntry, origin: string): string | undefined {
  const operation = operationOf(entry);
  const call = parseCall(entry);
  if (operation === undefined || call === undefined) return undefined;
  const { words, operands = [], options = [] } = REFCTL[operation](call);
  const quoted = operands.map(shellQuote);
  const tail = [...options, '--base-url', shellQuote(`${origin}${basePathOf(entry)}`)];
  // Quoting stops the shell, not refctl: an operand such as `--base-url=…` taken from a path
  // would be read as an option. After `--` every word is an operand.
  const args = operands.some((operand) => operand.startsWith('-'))
    ? [...tail, '--', ...quoted]
    : [...quoted, ...tail];
  return ['refctl', ...words, ...args].join(' ');
}
