import type { JournalEntry } from './types';

/** Quotes a value for a POSIX shell: single quotes, embedded ones closed and escaped. */
export const shellQuote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`;

/** Request headers worth repeating; credentials come from `$REF_API_KEY`, never the journal. */
const REPLAYED_HEADERS = ['content-type', 'idempotency-key'];

/**
 * The request as a curl command against `origin`. The API key is read from `$REF_API_KEY`
 * at run time: the journal holds it redacted and the console never sees it.
 */
export function toCurl(entry: JournalEntry, origin: string): string {
  const url = `${origin}${entry.path}${entry.query === '' ? '' : `?${entry.query}`}`;
  const method = entry.method === 'GET' ? '' : ` -X ${entry.method}`;
  const parts = [`curl -sS${method} ${shellQuote(url)}`];
  parts.push('-H "Authorization: Bearer $REF_API_KEY"');
  for (const name of REPLAYED_HEADERS) {
    const value = entry.request.headers[name];
    if (value !== undefined) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (entry.request.body !== null && entry.request.body !== '') {
    parts.push(`--data-raw ${shellQuote(entry.request.body)}`);
  }
  return parts.join(' \\\n  ');
}

interface Call {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  key: string | null;
}

/** Path templates under the base path, by operation (the 23 of the contract). */
const PATHS: Record<string, string> = {
  getAccount: '/me',
  getBalance: '/balance',
  listInvoices: '/invoices',
  listOrders: '/orders',
  createOrder: '/orders',
  listTransactions: '/transactions',
  listServices: '/services',
  getServiceStats: '/services/stats',
  getService: '/services/{service_ref}',
  setServiceAutoRenew: '/services/{service_ref}/auto-renew',
  powerService: '/services/{service_ref}/power',
  getShieldOverview: '/services/{service_ref}/shield',
  getShieldCapabilities: '/services/{service_ref}/shield/capabilities',
  listShieldRules: '/services/{service_ref}/shield/rules',
  createShieldRule: '/services/{service_ref}/shield/rules',
  deleteShieldRule: '/services/{service_ref}/shield/rules/{rule_id}',
  applyShieldPreset: '/services/{service_ref}/shield/presets/{preset_code}',
  applyShieldProfile: '/services/{service_ref}/shield/profiles/{profile_code}',
  getShieldTraffic: '/services/{service_ref}/shield/traffic',
  getShieldProtectionActivity: '/services/{service_ref}/shield/protection-activity',
  exportShieldTelemetry: '/services/{service_ref}/shield/export',
  getShieldRuleEvidence: '/services/{service_ref}/shield/rules/{rule_id}/evidence',
  listPlans: '/plans',
};

/** Path parameters of the entry, matched against its operation's template (suffix match). */
function pathParams(operation: string, path: string): Record<string, string> | undefined {
  const template = PATHS[operation];
  if (template === undefined) return undefined;
  const names: string[] = [];
  const pattern = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`${pattern}$`).exec(path);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}

function parseCall(entry: JournalEntry): Call | undefined {
  if (entry.operation === null) return undefined;
  const params = pathParams(entry.operation, entry.path);
  if (params === undefined) return undefined;
  let body: Record<string, unknown> | undefined;
  if (entry.request.body) {
    try {
      const parsed: unknown = JSON.parse(entry.request.body);
      if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
    } catch {
      body = undefined;
    }
  }
  return { params, query: new URLSearchParams(entry.query), body, key: entry.idempotency_key };
}

const js = (value: unknown) => JSON.stringify(value);
const queryObject = (query: URLSearchParams) => {
  const out: Record<string, string | number> = {};
  for (const [name, value] of query) out[name] = /^\d+$/.test(value) ? Number(value) : value;
  return Object.keys(out).length === 0 ? '' : js(out);
};
const withKey = (call: Call) => (call.key === null ? '' : `, { idempotencyKey: ${js(call.key)} }`);

/** SDK expressions by operation (`client` is a `RefClient`). */
const SDK: Record<string, (c: Call) => string> = {
  getAccount: () => 'client.account.get()',
  getBalance: (c) => `client.balance.get(${queryObject(c.query)})`,
  listInvoices: (c) => `client.invoices.list(${queryObject(c.query)})`,
  listOrders: (c) => `client.orders.list(${queryObject(c.query)})`,
  createOrder: (c) => `client.orders.create(${js(c.body ?? {})}${withKey(c)})`,
  listTransactions: (c) => `client.transactions.list(${queryObject(c.query)})`,
  listServices: (c) => `client.services.list(${queryObject(c.query)})`,
  getServiceStats: () => 'client.services.stats()',
  getService: (c) => `client.services.get(${js(c.params.service_ref)})`,
  setServiceAutoRenew: (c) =>
    `client.services.setAutoRenew(${js(c.params.service_ref)}, ${js(c.body?.auto_renew ?? true)})`,
  powerService: (c) =>
    `client.services.power(${js(c.params.service_ref)}, ${js(c.body?.action ?? 'start')}${withKey(c)})`,
  getShieldOverview: (c) => `client.shield(${js(c.params.service_ref)}).overview()`,
  getShieldCapabilities: (c) => `client.shield(${js(c.params.service_ref)}).capabilities()`,
  listShieldRules: (c) => `client.shield(${js(c.params.service_ref)}).rules.list()`,
  createShieldRule: (c) =>
    `client.shield(${js(c.params.service_ref)}).rules.create(${js(c.body ?? {})}${withKey(c)})`,
  deleteShieldRule: (c) =>
    `client.shield(${js(c.params.service_ref)}).rules.delete(${js(c.params.rule_id)})`,
  applyShieldPreset: (c) =>
    `client.shield(${js(c.params.service_ref)}).presets.apply(${js(c.params.preset_code)}${c.body ? `, ${js(c.body)}` : ''})`,
  applyShieldProfile: (c) =>
    `client.shield(${js(c.params.service_ref)}).profile.apply(${js(c.params.profile_code)})`,
  getShieldTraffic: (c) =>
    `client.shield(${js(c.params.service_ref)}).traffic(${queryObject(c.query)})`,
  getShieldProtectionActivity: (c) =>
    `client.shield(${js(c.params.service_ref)}).protectionActivity(${queryObject(c.query)})`,
  exportShieldTelemetry: (c) =>
    `client.shield(${js(c.params.service_ref)}).export(${queryObject(c.query) || '{}'})`,
  getShieldRuleEvidence: (c) =>
    `client.shield(${js(c.params.service_ref)}).evidence(${js(c.params.rule_id)}${queryObject(c.query) ? `, ${queryObject(c.query)}` : ''})`,
  listPlans: (c) => `client.plans.list(${queryObject(c.query)})`,
};

/** The request as an SDK call, or undefined for requests no operation answered. */
export function toSdkCall(entry: JournalEntry): string | undefined {
  const call = parseCall(entry);
  const render = entry.operation === null ? undefined : SDK[entry.operation];
  if (call === undefined || render === undefined) return undefined;
  return `const result = await ${render(call)};`;
}

const flag = (name: string, value: unknown) =>
  value === undefined || value === null || value === false
    ? []
    : value === true
      ? [`--${name}`]
      : [`--${name}`, shellQuote(String(value))];

const hours = (c: Call) => {
  const value = c.query.get('window_hours');
  return value === null ? [] : flag('window', `${value}h`);
};

/** refctl commands by operation; `undefined` when refctl has no such command. */
const REFCTL: Record<string, (c: Call) => string[] | undefined> = {
  getAccount: () => ['me'],
  getBalance: () => ['balance'],
  listInvoices: () => ['invoices', 'list'],
  listOrders: () => ['orders', 'list'],
  createOrder: (c) => {
    const b = c.body ?? {};
    const addons = Array.isArray(b.addons)
      ? (b.addons as { addon_ref: string; units?: number }[])
      : [];
    return [
      'orders',
      'create',
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
    ];
  },
  listTransactions: () => ['transactions', 'list'],
  listServices: () => ['services', 'list'],
  getServiceStats: () => ['services', 'stats'],
  getService: (c) => ['services', 'get', shellQuote(c.params.service_ref!)],
  setServiceAutoRenew: (c) => [
    'services',
    'auto-renew',
    shellQuote(c.params.service_ref!),
    c.body?.auto_renew === false ? 'off' : 'on',
  ],
  powerService: (c) => [
    'services',
    'power',
    shellQuote(c.params.service_ref!),
    shellQuote(String(c.body?.action ?? 'start')),
    ...flag('idempotency-key', c.key),
    '--yes',
  ],
  getShieldOverview: (c) => ['shield', 'overview', shellQuote(c.params.service_ref!)],
  getShieldCapabilities: (c) => ['shield', 'capabilities', shellQuote(c.params.service_ref!)],
  listShieldRules: (c) => ['shield', 'rules', 'list', shellQuote(c.params.service_ref!)],
  deleteShieldRule: (c) => [
    'shield',
    'rules',
    'delete',
    shellQuote(c.params.service_ref!),
    shellQuote(c.params.rule_id!),
  ],
  applyShieldPreset: (c) => [
    'shield',
    'presets',
    'apply',
    shellQuote(c.params.service_ref!),
    shellQuote(c.params.preset_code!),
  ],
  applyShieldProfile: (c) => [
    'shield',
    'profile',
    'set',
    shellQuote(c.params.service_ref!),
    shellQuote(c.params.profile_code!),
  ],
  getShieldTraffic: (c) => [
    'shield',
    'traffic',
    shellQuote(c.params.service_ref!),
    ...hours(c),
    ...flag('group-by', c.query.get('group_by') ?? undefined),
  ],
  getShieldProtectionActivity: (c) => [
    'shield',
    'activity',
    shellQuote(c.params.service_ref!),
    ...hours(c),
  ],
  getShieldRuleEvidence: (c) => [
    'shield',
    'evidence',
    shellQuote(c.params.service_ref!),
    shellQuote(c.params.rule_id!),
  ],
  listPlans: () => ['plans', 'list'],
};

/**
 * The request as a refctl command (the key from `REF_API_KEY`, the base URL from `origin`),
 * or undefined when refctl has no command for the operation.
 */
export function toRefctl(entry: JournalEntry, origin: string): string | undefined {
  const call = parseCall(entry);
  const render = entry.operation === null ? undefined : REFCTL[entry.operation];
  const args = call === undefined || render === undefined ? undefined : render(call);
  if (args === undefined) return undefined;
  const base = entry.path.slice(0, entry.path.length - pathSuffixLength(entry));
  return ['refctl', ...args, '--base-url', shellQuote(`${origin}${base}`)].join(' ');
}

/** Length of the operation's path within the entry's path (what follows the base path). */
function pathSuffixLength(entry: JournalEntry): number {
  const template = entry.operation === null ? undefined : PATHS[entry.operation];
  if (template === undefined) return 0;
  const params = pathParams(entry.operation!, entry.path) ?? {};
  const concrete = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  return entry.path.endsWith(concrete) ? concrete.length : 0;
}
