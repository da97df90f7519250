import { type RouteId, routes } from '@refapi/schema/client';
import { shellQuote } from '@refapi/schema/text';
import type { RequestEntry } from '@refapi/server/browser';
import { basePathOf, operationOf, parseCall, type RecordedCall } from './recorded-call';

/**
 * The arguments of one refctl command: operands (values from the journal, quoted when
 * assembled) and options (already quoted). Its words are its operation's contract entry's.
 */
interface RefctlArguments {
  operands?: string[];
  options?: string[];
}

/** The refctl command of each operation, from its contract entry (`shield rules add`). */
type RefctlCommand = (typeof routes)[RouteId]['refctl'];

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

const orderCreate = (c: RecordedCall): RefctlArguments => {
  const b = c.body ?? {};
  const addons = Array.isArray(b.addons)
    ? (b.addons as { addon_ref: string; units?: number }[])
    : [];
  return {
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
 * The arguments of each refctl command (`apps/refctl/src/commands`): keyed by the commands
 * of the contract's entries, so an operation missing here fails to compile.
 * `test/copy-as-round-trip.test.ts` runs every one against a reference server.
 */
const REFCTL: Record<RefctlCommand, (c: RecordedCall) => RefctlArguments> = {
  me: () => ({}),
  balance: (c) => ({
    options: flag('display-currency', query(c, 'display_currency')),
  }),
  'invoices list': (c) => ({ options: paging(c) }),
  'orders list': (c) => ({ options: paging(c) }),
  'orders create': orderCreate,
  'transactions list': (c) => ({ options: paging(c) }),
  'services list': (c) => ({
    options: [
      ...flag('type', query(c, 'type')),
      ...flag('status', query(c, 'status')),
      ...paging(c),
    ],
  }),
  'services stats': () => ({}),
  'services get': (c) => ({ operands: [ref(c)] }),
  'services auto-renew': (c) => ({
    operands: [ref(c), c.body?.enabled === false ? 'off' : 'on'],
  }),
  'services power': (c) => ({
    operands: [ref(c), String(c.body?.action ?? 'start')],
    options: [...key(c), '--yes'],
  }),
  'shield overview': (c) => ({ operands: [ref(c)] }),
  'shield capabilities': (c) => ({ operands: [ref(c)] }),
  'shield rules list': (c) => ({ operands: [ref(c)] }),
  'shield rules add': (c) => ({
    operands: [ref(c)],
    options: [...ruleFlags(c.body ?? {}), ...key(c)],
  }),
  'shield rules delete': (c) => ({
    operands: [ref(c), c.params.rule_id!],
    options: [...key(c), '--yes'],
  }),
  'shield presets apply': (c) => ({
    operands: [ref(c), c.params.preset_code!],
    options: key(c),
  }),
  'shield profile set': (c) => ({
    operands: [ref(c), c.params.profile_code!],
    options: key(c),
  }),
  'shield traffic': (c) => ({
    operands: [ref(c)],
    options: [...hours(c), ...flag('group-by', query(c, 'group_by'))],
  }),
  'shield activity': (c) => ({
    operands: [ref(c)],
    options: hours(c),
  }),
  'shield export': (c) => ({
    operands: [ref(c)],
    options: [
      ...flag('dataset', query(c, 'dataset')),
      ...flag('format', query(c, 'format')),
      ...hours(c),
      ...flag('group-by', query(c, 'group_by')),
    ],
  }),
  'shield evidence': (c) => ({
    operands: [ref(c), c.params.rule_id!],
    options: [
      ...flag('action', query(c, 'action')),
      ...flag('limit', query(c, 'limit')),
      ...flag('cursor', query(c, 'cursor')),
    ],
  }),
  'plans list': (c) => ({
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
  const command = routes[operation].refctl;
  const { operands = [], options = [] } = REFCTL[command](call);
  const quoted = operands.map(shellQuote);
  const tail = [...options, '--base-url', shellQuote(`${origin}${basePathOf(entry)}`)];
  // Quoting stops the shell, not refctl: an operand such as `--base-url=…` taken from a path
  // would be read as an option. After `--` every word is an operand.
  const args = operands.some((operand) => operand.startsWith('-'))
    ? [...tail, '--', ...quoted]
    : [...quoted, ...tail];
  return ['refctl', command, ...args].join(' ');
}
