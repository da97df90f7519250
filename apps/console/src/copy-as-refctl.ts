import { basePathOf, parseCall, type RecordedCall } from './recorded-call';
import { shellQuote } from './shell-quote';
import type { JournalEntry } from './types';

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

const hours = (c: RecordedCall) => {
  const value = c.query.get('window_hours');
  return value === null ? [] : flag('window', `${value}h`);
};

const ref = (c: RecordedCall) => c.params.service_ref!;

/** refctl commands by operation; an operation missing here has no refctl command. */
const REFCTL: Record<string, (c: RecordedCall) => RefctlCommand> = {
  getAccount: () => ({ words: ['me'] }),
  getBalance: () => ({ words: ['balance'] }),
  listInvoices: () => ({ words: ['invoices', 'list'] }),
  listOrders: () => ({ words: ['orders', 'list'] }),
  createOrder: (c) => {
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
        ...flag('idempotency-key', c.key),
        '--yes',
      ],
    };
  },
  listTransactions: () => ({ words: ['transactions', 'list'] }),
  listServices: () => ({ words: ['services', 'list'] }),
  getServiceStats: () => ({ words: ['services', 'stats'] }),
  getService: (c) => ({ words: ['services', 'get'], operands: [ref(c)] }),
  setServiceAutoRenew: (c) => ({
    words: ['services', 'auto-renew'],
    operands: [ref(c), c.body?.auto_renew === false ? 'off' : 'on'],
  }),
  powerService: (c) => ({
    words: ['services', 'power'],
    operands: [ref(c), String(c.body?.action ?? 'start')],
    options: [...flag('idempotency-key', c.key), '--yes'],
  }),
  getShieldOverview: (c) => ({ words: ['shield', 'overview'], operands: [ref(c)] }),
  getShieldCapabilities: (c) => ({ words: ['shield', 'capabilities'], operands: [ref(c)] }),
  listShieldRules: (c) => ({ words: ['shield', 'rules', 'list'], operands: [ref(c)] }),
  deleteShieldRule: (c) => ({
    words: ['shield', 'rules', 'delete'],
    operands: [ref(c), c.params.rule_id!],
  }),
  applyShieldPreset: (c) => ({
    words: ['shield', 'presets', 'apply'],
    operands: [ref(c), c.params.preset_code!],
  }),
  applyShieldProfile: (c) => ({
    words: ['shield', 'profile', 'set'],
    operands: [ref(c), c.params.profile_code!],
  }),
  getShieldTraffic: (c) => ({
    words: ['shield', 'traffic'],
    operands: [ref(c)],
    options: [...hours(c), ...flag('group-by', c.query.get('group_by') ?? undefined)],
  }),
  getShieldProtectionActivity: (c) => ({
    words: ['shield', 'activity'],
    operands: [ref(c)],
    options: hours(c),
  }),
  getShieldRuleEvidence: (c) => ({
    words: ['shield', 'evidence'],
    operands: [ref(c), c.params.rule_id!],
  }),
  listPlans: () => ({ words: ['plans', 'list'] }),
};

/**
 * The request as a refctl command (the key from `REF_API_KEY`, the base URL from `origin`),
 * or undefined when refctl has no command for the operation.
 */
export function toRefctl(entry: JournalEntry, origin: string): string | undefined {
  const call = parseCall(entry);
  const render = entry.operation === null ? undefined : REFCTL[entry.operation];
  if (call === undefined || render === undefined) return undefined;
  const { words, operands = [], options = [] } = render(call);
  const quoted = operands.map(shellQuote);
  const tail = [...options, '--base-url', shellQuote(`${origin}${basePathOf(entry)}`)];
  // Quoting stops the shell, not refctl: an operand such as `--base-url=…` taken from a path
  // would be read as an option. After `--` every word is an operand.
  const args = operands.some((operand) => operand.startsWith('-'))
    ? [...tail, '--', ...quoted]
    : [...quoted, ...tail];
  return ['refctl', ...words, ...args].join(' ');
}
