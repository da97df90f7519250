import type { RouteId } from '@refapi/schema/client';
import type { RequestEntry } from '@refapi/server/browser';
import { operationOf, parseCall, type RecordedCall } from './recorded-call';
import { shellQuote } from './shell-quote';

/** Request headers worth repeating; credentials come from `$REF_API_KEY`, never the journal. */
const REPLAYED_HEADERS = ['content-type', 'idempotency-key'];

/** curl's flag for the method: none for a plain GET, `--head` (`-X HEAD` waits for a body). */
function methodFlag(method: string, hasBody: boolean): string {
  if (method === 'GET' && !hasBody) return '';
  if (method === 'HEAD') return ' --head';
  // Methods are HTTP tokens, which may hold `$`, `|`, `'`…: quote anything unusual.
  return ` -X ${/^[A-Z]+$/.test(method) ? method : shellQuote(method)}`;
}

/**
 * The request as a curl command against `origin` that sends it once, byte for byte. The
 * API key is read from `$REF_API_KEY` at run time: the journal holds it redacted and the
 * console never sees it.
 */
export function toCurl(entry: RequestEntry, origin: string): string {
  const url = `${origin}${entry.path}${entry.query === '' ? '' : `?${entry.query}`}`;
  const body = entry.request.body ?? '';
  // --globoff: curl would expand `{101,102}` and `[1-5]` of the URL into several requests;
  // --path-as-is: it would squash `/./` and `/../`. Either sends requests never recorded.
  const parts = [
    `curl -sS --globoff --path-as-is${methodFlag(entry.method, body !== '')} ${shellQuote(url)}`,
  ];
  parts.push('-H "Authorization: Bearer $REF_API_KEY"');
  for (const name of REPLAYED_HEADERS) {
    const value = entry.request.headers[name];
    if (value !== undefined) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  // --data-raw, not -d: a body starting with `@` is not a file name to read.
  if (body !== '') parts.push(`--data-raw ${shellQuote(body)}`);
  return parts.join(' \\\n  ');
}

/**
 * A JSON value as a JavaScript expression. A `"__proto__"` key in an object literal would
 * set the prototype rather than send the key, so such a value goes through `JSON.parse`.
 */
const js = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.includes('"__proto__":') ? `JSON.parse(${JSON.stringify(text)})` : text;
};
const queryObject = (query: URLSearchParams) => {
  const out: Record<string, string | number> = {};
  for (const [name, value] of query) out[name] = /^\d+$/.test(value) ? Number(value) : value;
  return Object.keys(out).length === 0 ? '' : js(out);
};
const withKey = (call: RecordedCall) =>
  call.key === null ? '' : `, { idempotencyKey: ${js(call.key)} }`;
const shield = (c: RecordedCall) => `client.shield(${js(c.params.service_ref)})`;

/**
 * SDK expressions by operation (`client` is a `RefClient`): keyed by the contract's
 * operation ids, so an operation missing here fails to compile. The names are the SDK's
 * (`packages/sdk/src/resources`); `test/copy-as-round-trip.test.ts` runs every one.
 */
const SDK: Record<RouteId, (c: RecordedCall) => string> = {
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
    `client.services.setAutoRenew(${js(c.params.service_ref)}, ${js(c.body?.enabled ?? true)})`,
  powerService: (c) =>
    `client.services.power(${js(c.params.service_ref)}, ${js(c.body?.action ?? 'start')}${withKey(c)})`,
  getShieldOverview: (c) => `${shield(c)}.overview()`,
  getShieldCapabilities: (c) => `${shield(c)}.capabilities()`,
  listShieldRules: (c) => `${shield(c)}.rules.list()`,
  createShieldRule: (c) => `${shield(c)}.rules.create(${js(c.body ?? {})}${withKey(c)})`,
  deleteShieldRule: (c) => `${shield(c)}.rules.delete(${js(c.params.rule_id)}${withKey(c)})`,
  applyShieldPreset: (c) => `${shield(c)}.presets.apply(${js(c.params.preset_code)}${withKey(c)})`,
  applyShieldProfile: (c) =>
    `${shield(c)}.profiles.apply(${js(c.params.profile_code)}${withKey(c)})`,
  getShieldTraffic: (c) => `${shield(c)}.traffic(${queryObject(c.query)})`,
  getShieldProtectionActivity: (c) => `${shield(c)}.protectionActivity(${queryObject(c.query)})`,
  exportShieldTelemetry: (c) => `${shield(c)}.export(${queryObject(c.query) || '{}'})`,
  getShieldRuleEvidence: (c) => {
    const query = queryObject(c.query);
    return `${shield(c)}.evidence(${js(c.params.rule_id)}${query === '' ? '' : `, ${query}`})`;
  },
  listPlans: (c) => `client.plans.list(${queryObject(c.query)})`,
};

/** The request as an SDK call, or undefined for requests no operation answered. */
export function toSdkCall(entry: RequestEntry): string | undefined {
  const operation = operationOf(entry);
  const call = parseCall(entry);
  if (operation === undefined || call === undefined) return undefined;
  return `const result = await ${SDK[operation](call)};`;
}
