import type { OperationId } from '@refapi/schema';
import { createReferenceServer } from '@refapi/server';

// Runs one call of every operation against the built-in demo scenario with a frozen
// clock, so the OpenAPI examples are answers the demo server really gives.

/** The request and answer of one operation, as the demo server gave them. */
export interface CapturedExample {
  /** The path and query the example request was sent to, after the base URL. */
  url?: string;
  request?: unknown;
  response?: unknown;
  /** The CSV answer of the export, and where its request went (`format=csv`). */
  csv?: string;
  csvUrl?: string;
}

const BASE = 'https://api.ref.test/v1';
const KEY = 'refak_demo_eur_full';
const KVM = 'REF-SVC-101';
/** db-1: the service of the Shield rule the demo ships. */
const DB = 'REF-SVC-102';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** At most this many items per array, to keep the document readable. */
const MAX_ITEMS = 2;

/** The README's rule: drop DNS floods. */
const RULE = {
  name: 'block-dns-amp',
  mode: 'enforce',
  action: 'drop',
  risk: 'high',
  protocol: 'udp',
  destination_port: 53,
} as const;

const trim = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(trim);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v)]));
  return value;
};

/** Calls every operation once on a fresh demo server; keys are operation ids. */
export async function captureExamples(): Promise<Record<OperationId, CapturedExample>> {
  const server = createReferenceServer({ baseUrl: BASE });
  await server.ready;
  // Frozen on a whole second (the next one after the start, however long the start took), so
  // every rerun writes the same times.
  const { now } = server.admin.clock.freeze(true);
  server.admin.clock.set(new Date(Math.floor(Date.parse(now) / 1000) * 1000 + 1000));
  let n = 0;

  const send = async (method: string, path: string, body?: unknown, idempotent = false) => {
    const headers: Record<string, string> = { authorization: `Bearer ${KEY}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotent) headers['idempotency-key'] = `example-${++n}`;
    const response = await server.fetch(`${BASE}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text;
  };
  const json = async (method: string, path: string, body?: unknown, idempotent = false) => {
    const text = await send(method, path, body, idempotent);
    const value: unknown = text === '' ? undefined : JSON.parse(text);
    return trim(value);
  };
  const get = (path: string) => json('GET', path).then((response) => ({ url: path, response }));
  const post = async (path: string, request?: unknown) => ({
    url: path,
    ...(request === undefined ? {} : { request }),
    response: await json('POST', path, request, true),
  });
  const shield = `/services/${KVM}/shield`;

  const examples = {
    getAccount: await get('/me'),
    getBalance: await get('/balance?display_currency=USD'),
    listInvoices: await get('/invoices?limit=2'),
    listOrders: await get('/orders?limit=2'),
    listTransactions: await get('/transactions?limit=2'),
    listServices: await get('/services?limit=2'),
    getServiceStats: await get('/services/stats'),
    getService: await get(`/services/${KVM}`),
    getShieldOverview: await get(shield),
    getShieldCapabilities: await get(`${shield}/capabilities`),
    getShieldTraffic: await get(`${shield}/traffic?window_hours=1&group_by=protocol`),
    getShieldProtectionActivity: await get(`${shield}/protection-activity?window_hours=1`),
    exportShieldTelemetry: {
      ...(await get(`${shield}/export?dataset=traffic&format=json&group_by=protocol`)),
      csv: await send('GET', `${shield}/export?dataset=traffic&format=csv&group_by=protocol`),
      csvUrl: `${shield}/export?dataset=traffic&format=csv&group_by=protocol`,
    },
    listPlans: await get('/plans?limit=2'),
    createOrder: await post('/orders', { type: 'kvm', plan_code: 'kvm-s' }),
    setServiceAutoRenew: {
      url: `/services/${KVM}/auto-renew`,
      request: { enabled: false },
      response: await json('PUT', `/services/${KVM}/auto-renew`, { enabled: false }),
    },
    powerService: await post(`/services/${KVM}/power`, { action: 'reboot' }),
    createShieldRule: await post(`${shield}/rules`, RULE),
    listShieldRules: { response: undefined as unknown },
    getShieldRuleEvidence: { response: undefined as unknown },
    applyShieldPreset: await post(`${shield}/presets/block-udp-amplification`),
    applyShieldProfile: await post(`${shield}/profiles/default`),
    deleteShieldRule: {} as CapturedExample,
  } satisfies Record<OperationId, CapturedExample>;

  examples.listShieldRules = await get(`${shield}/rules`);
  const emergency = (examples.getShieldOverview.response as { rules: { id: string }[] }).rules[0]
    ?.id;
  examples.getShieldRuleEvidence = await get(`${shield}/rules/${emergency}/evidence?limit=2`);
  // The DELETE example removes the rule the demo ships (on db-1), not one created above:
  // a contract tool replays it against a fresh demo server, where only that one exists.
  const dbShield = `/services/${DB}/shield`;
  const { rules } = JSON.parse(await send('GET', `${dbShield}/rules`)) as {
    rules: { id: string; kind: string }[];
  };
  const shipped = rules.find((rule) => rule.kind === 'custom')?.id;
  if (shipped === undefined) throw new Error(`the demo ships no custom rule on ${DB}`);
  examples.deleteShieldRule = { url: `${dbShield}/rules/${shipped}` };
  await send('DELETE', examples.deleteShieldRule.url as string, undefined, true);
  return JSON.parse(stableIds(JSON.stringify(examples), [emergency, shipped]));
}

// Rules created here get random ids; number them so reruns give the same file. The
// emergency rule's id (derived from the service) and the demo's rule's are already stable.
function stableIds(text: string, keep: readonly (string | undefined)[]): string {
  const seen = new Map<string, string>();
  return text.replaceAll(UUID, (id) => {
    if (keep.includes(id)) return id;
    const known = seen.get(id);
    if (known) return known;
    const stable = `3f1c2a9e-5b7d-4c1e-9a2b-${String(seen.size + 1).padStart(12, '0')}`;
    seen.set(id, stable);
    return stable;
  });
}
