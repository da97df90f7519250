import { operationList } from '@refapi/schema';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATH_TEMPLATES, ADMIN_PATHS } from '../src/admin/admin-paths';
import { demoScenario } from '../src/scenario/demo';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, SVC } from './api-scenario';

// Property: whatever reaches the admin API with the admin token (any route, root or space,
// any method, path segment, query and body), the server answers below 500, every error body
// is `{error}` (plus `status` on 409), and the public API still answers afterwards.

const ADMIN_TOKEN = 'test-admin-token';
/** Stand-ins for values only known once the server runs: a live space, a journalled request. */
const LIVE_SPACE = '{live_space}';
const LIVE_REQUEST = '{live_request}';

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const segment = fc.oneof(
  fc.constantFrom(
    LIVE_SPACE,
    LIVE_REQUEST,
    SVC.kvm,
    SVC.foreign,
    SVC.dedicated,
    SVC.missing,
    'REF-ACCT-A',
    'REF-ACCT-B',
    'REF-ACCT-ZZ',
    'snap',
    'traffic',
    'protection-activity',
    'restore',
    'sp_aaaaaaaaaaaaaaaa',
    'req_x',
    '..',
    '.',
    '%2e%2E',
    '%',
    '%E0%A4%A',
    '%00',
    '%2F',
    '%FF%FE',
    'a'.repeat(300),
  ),
  fc.uuid(),
  printable.map(encodeURIComponent),
);

/** Every admin route (reference-server.md sections 2-9): its methods and its body's fields. */
const ROUTES: readonly { path: string; methods: string[]; fields?: string[] }[] = [
  { path: ADMIN_PATHS.health, methods: ['GET'] },
  { path: ADMIN_PATHS.whoami, methods: ['GET'] },
  { path: ADMIN_PATHS.session, methods: ['POST', 'DELETE'] },
  { path: ADMIN_PATHS.sessionCodes, methods: ['POST'] },
  { path: ADMIN_PATHS.scenario, methods: ['POST'], fields: ['now', 'rates', 'plans', 'accounts'] },
  { path: ADMIN_PATHS.reset, methods: ['POST'] },
  { path: ADMIN_PATHS.state, methods: ['GET'] },
  {
    path: ADMIN_PATHS.clock,
    methods: ['GET', 'POST'],
    fields: ['advance_seconds', 'advance', 'now', 'frozen'],
  },
  { path: ADMIN_PATHS.topUps, methods: ['POST'], fields: ['account_ref', 'amount'] },
  { path: ADMIN_PATHS.controls, methods: ['GET'] },
  { path: ADMIN_PATHS.requests, methods: ['GET'] },
  { path: ADMIN_PATHS.requestsStream, methods: ['POST'] },
  { path: ADMIN_PATH_TEMPLATES.requestEntry, methods: ['GET'] },
  { path: ADMIN_PATHS.snapshots, methods: ['GET', 'POST'], fields: ['name'] },
  { path: ADMIN_PATH_TEMPLATES.snapshot, methods: ['DELETE'] },
  { path: ADMIN_PATH_TEMPLATES.snapshotRestore, methods: ['POST'] },
  {
    path: ADMIN_PATHS.failNext,
    methods: ['POST'],
    fields: ['operation_id', 'status', 'retry_after', 'error'],
  },
  { path: ADMIN_PATHS.spaces, methods: ['GET', 'POST'], fields: ['name', 'from', 'ttl_seconds'] },
  { path: ADMIN_PATH_TEMPLATES.space, methods: ['DELETE'] },
  { path: ADMIN_PATH_TEMPLATES.shieldTelemetry, methods: ['GET'] },
  // The controls' routes (src/controls): the provider faults and the Shield pause.
  { path: '/__admin/faults', methods: ['GET', 'POST'], fields: ['power', 'shield', 'latency_ms'] },
  { path: '/__admin/shield', methods: ['GET', 'POST'], fields: ['paused', 'retry_after'] },
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

/** A template with each `{name}` replaced by a generated segment. */
const filled = (template: string) =>
  fc.array(segment, { minLength: 3, maxLength: 3 }).map((values) => {
    let index = 0;
    return template.replace(/\{\w+\}/g, () => values[index++] as string);
  });
// The root's admin API, a live space's, or one of a space that does not exist.
const prefix = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fc.constant(`/spaces/${LIVE_SPACE}`) },
  { weight: 1, arbitrary: segment.map((id) => `/spaces/${id}`) },
);
const operationIds = operationList.map((op) => op.operationId);
const builtQuery = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'limit',
        'operation',
        'status',
        'account_ref',
        'since',
        'window_hours',
        'group_by',
        'x',
      ),
      fc.oneof(
        printable,
        fc.constantFrom(
          '-1',
          '0',
          '1.5',
          '1e3',
          '0x10',
          'NaN',
          'Infinity',
          '99999999999999999999',
          '',
          LIVE_REQUEST,
          'REF-ACCT-A',
          ...operationIds,
        ),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`));

/** A query built from names and values, or percent-junk as it comes. */
const query = fc.oneof(
  { weight: 9, arbitrary: builtQuery },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?%',
      '?limit=%E0%A4%A',
      '?&&=&',
      '?limit',
      '?limit=1&limit=2',
      '?status=%00',
      '?since=req_%FF',
      `?window_hours=${'9'.repeat(400)}`,
    ),
  },
);

/** A JSON value as raw text, including what JSON.stringify never writes (1e999, -0). */
const hostileValue = fc.oneof(
  fc
    .tuple(fc.constantFrom(65, 1000, 100_000), fc.constantFrom('[', '{"a":'))
    .map(([depth, open]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '1e999',
    '-1e999',
    '-0',
    '1e-400',
    '123456789012345678901234567890',
    '-1',
    '0.5',
    '1e308',
    '1e-9',
    '5e-324',
    '9007199254740993',
    '"NaN"',
    '"Infinity"',
    '"-1"',
    '"1.5"',
    '"1e9"',
    '"P1M"',
    '"P-1D"',
    '"PT0.5S"',
    '"P99999999Y"',
    '"PT99999999999999999999S"',
    '"P1Y2M3DT4H5M6S"',
    '"2026-01-01T00:00:00Z"',
    '"2026-02-30T00:00:00Z"',
    '"9989-12-31T23:59:59.999Z"',
    '"9999-12-31T23:59:59Z"',
    '"+275760-09-13T00:00:00Z"',
    '"0000-01-01T00:00:00Z"',
    '"REF-ACCT-A"',
    '"REF-ACCT-C"',
    '"REF-ACCT-ZZ"',
    '"snap"',
    '"scenario"',
    '"current"',
    '".."',
    '"\\u0000"',
    '"\\ud800"',
    '"\\u202e"',
    '400',
    '599',
    '600',
    '429.5',
    'null',
    'true',
    '[]',
    '{}',
    '""',
  ),
  // Every operation but the one this test reads afterwards (a queued failure would answer it).
  fc
    .constantFrom(...operationIds.filter((id) => id !== 'getAccount'))
    .map((id) => JSON.stringify(id)),
  fc
    .tuple(
      fc.constantFrom('P', 'PT', 'P1Y', ''),
      fc.oneof(
        fc.nat().map(String),
        fc.constantFrom('99999999999999999999', '1.5', '-1', '0', '1e5'),
      ),
      fc.constantFrom('Y', 'M', 'W', 'D', 'H', 'S', ''),
    )
    .map((parts) => JSON.stringify(parts.join(''))),
);
/** Values each field takes when right, so that calls get past validation into the state. */
const GOOD: Readonly<Record<string, readonly unknown[]>> = {
  advance_seconds: [0, 1, 0.5, 60, 86_400, 31_536_000],
  advance: ['P1M', 'PT90S', 'P1D', 'P1Y', 'P1Y2M3DT4H5M6S'],
  now: ['2026-06-01T00:00:00Z', '2027-01-31T00:00:00.000Z'],
  frozen: [true, false],
  account_ref: ['REF-ACCT-A', 'REF-ACCT-B', 'REF-ACCT-C'],
  amount: [0.01, 1, 12.345, 1_000_000_000],
  power: ['ok', 'reject', 'fail', 'uncertain'],
  shield: ['ok', 'fail'],
  latency_ms: [0, 1],
  paused: [true, false],
  retry_after: [0, 30, 86_400],
  name: ['snap', 'fuzz-2', 'a.b_c-d'],
  from: ['scenario', 'current', 'snap'],
  ttl_seconds: [1, 3600],
  operation_id: operationIds.filter((id) => id !== 'getAccount'),
  status: [400, 429, 503, 599],
  error: ['boom', 'x'],
};

/** Numbers at the edges of amounts, seconds and counts, as raw JSON text. */
const edgeNumber = fc.constantFrom(
  '0',
  '-0',
  '-1',
  '0.001',
  '0.005',
  '1e-9',
  '5e-324',
  '0.1',
  '1e308',
  '1e999',
  '-1e999',
  '1000000000.01',
  '9007199254740993',
);

/** A JSON object of `names` (now and then another) with right or hostile values, as raw text. */
const fieldsOf = (names: readonly string[]) =>
  fc
    .array(
      fc.oneof(
        {
          weight: 9,
          arbitrary: fc.constantFrom(...names).chain((name) =>
            fc.tuple(
              fc.constant(name),
              fc.oneof(
                hostileValue,
                edgeNumber,
                fc.constantFrom(...(GOOD[name] ?? [null])).map((v) => JSON.stringify(v)),
              ),
            ),
          ),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(fc.constantFrom('unknown', '__proto__', 'constructor'), hostileValue),
        },
      ),
      { maxLength: 5 },
    )
    .map(
      (pairs) => `{${pairs.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`,
    );

/** A JSON object of some of `names`, each with a right value: calls that change the state. */
const rightFieldsOf = (names: readonly string[]) =>
  fc
    .subarray([...names])
    .chain((chosen) =>
      fc
        .tuple(...chosen.map((name) => fc.constantFrom(...(GOOD[name] ?? [null]))))
        .map((values) =>
          JSON.stringify(Object.fromEntries(chosen.map((name, i) => [name, values[i]]))),
        ),
    );

/** A scenario with one value, anywhere in it, replaced by a hostile one (raw JSON text). */
const HOLE = '\u0001hole\u0001';
function valuePaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [
    at,
    ...keys.flatMap((key) => valuePaths((value as Record<string, unknown>)[key], [...at, key])),
  ];
}
function mutated(document: unknown, where: number, value: string): string {
  const paths = valuePaths(document).filter((p) => p.length > 0);
  const at = paths[Math.floor(where * paths.length)] as (string | number)[];
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[at.at(-1) as string | number] = HOLE;
  return JSON.stringify(copy).replace(JSON.stringify(HOLE), value);
}
/** Made when sent: the base documents (the demo, the suite's state) exist once the server runs. */
interface Mutation {
  readonly base: 'demo' | 'state';
  readonly where: number;
  readonly value: string;
}
const mutatedScenario = fc.record({
  base: fc.constantFrom('demo', 'state'),
  where: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  value: hostileValue,
}) as fc.Arbitrary<Mutation>;

const deep = fc
  .tuple(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([depth, open, closed]) => {
    const close = open === '[' ? ']' : '}';
    return `${open.repeat(depth)}1${closed ? close.repeat(depth) : ''}`;
  });

/** Bodies of any route: nothing, blanks, JSON of every type, non-JSON, deep, huge. */
const anyBody = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    '',
    ' \n\t',
    'null',
    '[]',
    '{}',
    '"x"',
    '1',
    'true',
    '{"a":1',
    '\u0000',
    '\ufeff{}',
  ),
  fc.json(),
  printable,
  deep,
  fc.nat({ max: 80_000 }).map((n) => `"${'a'.repeat(n)}"`),
);

/** A route's call: mostly a method it serves and a body of its fields, else anything. */
const routeCall = fc.constantFrom(...ROUTES).chain((route) => {
  const fields = fieldsOf(route.fields ?? ['name', 'amount', 'now']);
  return fc.record({
    method: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...route.methods) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    path: fc.tuple(prefix, filled(route.path)).map(([p, inner]) => `${p}${inner}`),
    body: fc.oneof(
      { weight: 4, arbitrary: fields },
      { weight: 3, arbitrary: rightFieldsOf(route.fields ?? []) },
      { weight: 1, arbitrary: fields.map((text) => `[${text}]`) },
      { weight: route.path === ADMIN_PATHS.scenario ? 6 : 1, arbitrary: mutatedScenario },
      { weight: 3, arbitrary: anyBody },
    ),
  });
});
/** Anywhere under an admin API, with anything. */
const strayCall = fc.record({
  method: fc.constantFrom(...METHODS),
  path: fc
    .tuple(prefix, fc.array(segment, { maxLength: 4 }))
    .map(([p, parts]) => `${p}/__admin/${parts.join('/')}`),
  body: anyBody,
});

const request = fc
  .record({
    call: fc.oneof({ weight: 9, arbitrary: routeCall }, { weight: 1, arbitrary: strayCall }),
    query,
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'application/json; charset=utf-8',
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json, text/plain',
        ),
      },
    ),
    // A sign-in code or a cookie beside the token, as the console's calls carry them.
    extra: fc.option(
      fc.oneof(
        printable.map((code): [string, string] => ['x-refapi-sign-in-code', code]),
        printable.map((value): [string, string] => ['cookie', `refapi_admin=${value}`]),
      ),
      { nil: undefined, freq: 10 },
    ),
  })
  .map(({ call, ...r }) => {
    // The journal stream never ends: its GET is tested by the stream suites, not here.
    const pathname = new URL(call.path, 'http://x').pathname;
    const endless = call.method === 'GET' && pathname.endsWith('/requests/stream');
    return { ...r, ...call, method: endless ? 'POST' : call.method };
  });

it('fuzzes every admin route', () => {
  const fuzzed = ROUTES.map((route) => route.path);
  const paths = Object.values(ADMIN_PATHS).filter((p) => typeof p === 'string');
  for (const p of [...paths, ...Object.values(ADMIN_PATH_TEMPLATES)]) {
    if (p !== ADMIN_PATHS.base) expect(fuzzed).toContain(p);
  }
});

describe.each(TRANSPORTS)('admin fuzz over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });
  const live: { space: string; request: string; state: unknown } = {
    space: '',
    request: '',
    state: undefined,
  };

  // A live space and snapshot to aim at, made again whenever a call deleted them.
  const keepTargets = async () => {
    const spaces = (await api.admin('GET', '/spaces')).body.spaces as { space_id: string }[];
    if (!spaces.some((space) => space.space_id === live.space)) {
      live.space = (await api.admin('POST', '/spaces', { name: 'fuzz' })).body.space_id;
    }
    if (!api.server.admin.snapshots.list().some((snapshot) => snapshot.name === 'snap')) {
      api.server.admin.snapshots.save('snap');
    }
  };

  beforeAll(async () => {
    await keepTargets();
    live.request =
      (await api.call('GET', '/me', { key: KEY.full })).headers.get('request-id') ?? '';
    // A state with more in it than the scenario: an order, a Shield rule, idempotency records.
    const order = await api.call('POST', '/orders', {
      key: KEY.full,
      idempotencyKey: 'fuzz-order',
      body: { type: 'kvm', plan_code: 'kvm-s' },
    });
    const rule = await api.call('POST', `/services/${SVC.kvm}/shield/rules`, {
      key: KEY.full,
      idempotencyKey: 'fuzz-rule',
      body: {
        name: 'dns',
        mode: 'enforce',
        action: 'drop',
        risk: 'medium',
        protocol: 'udp',
        destination_port: 53,
      },
    });
    expect([order.status, rule.status], rule.text).toEqual([200, 202]);
    live.state = (await api.admin('GET', '/state')).body;
  });

  it('never answers 5xx, always answers errors as {error}, and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const target = `${r.path}${r.query}`
          .replaceAll(LIVE_SPACE, live.space)
          .replaceAll(LIVE_REQUEST, live.request);
        const headers: Record<string, string> = {
          authorization: `Bearer ${ADMIN_TOKEN}`,
          'content-type': r.contentType,
        };
        if (r.extra !== undefined) headers[r.extra[0]] = r.extra[1];
        const bodyless = r.method === 'GET' || r.method === 'HEAD';
        // The root's records, to compare after a refusal (its clock may run: `now` apart).
        const rootState = () => JSON.stringify({ ...api.server.admin.state(), now: undefined });
        const before = rootState();
        const rawBody =
          typeof r.body === 'object'
            ? mutated(
                r.body.base === 'demo' ? demoScenario : live.state,
                r.body.where,
                r.body.value,
              )
            : r.body;
        const res = await api.at(r.method, target, {
          headers,
          ...(rawBody === undefined || bodyless ? {} : { rawBody }),
        });
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status >= 400 && r.method !== 'HEAD') {
          expect(typeof res.body?.error, res.text).toBe('string');
          const allowed = res.status === 409 ? ['error', 'status'] : ['error'];
          for (const name of Object.keys(res.body)) expect(allowed).toContain(name);
          // A refused call changes nothing.
          expect(rootState()).toBe(before);
        }
        // An accepted top-up moves money: never a top-up of nothing.
        if (res.status === 201 && res.body.transaction !== undefined) {
          expect(res.body.transaction.amount, res.text).toBeGreaterThan(0);
        }
        // What an admin may do on purpose, undone so that the API can be asked afterwards:
        // a scenario with other keys loaded at the root, latency added to every answer.
        if (res.status < 300 && new URL(target, 'http://x').pathname === ADMIN_PATHS.scenario) {
          await api.server.admin.loadScenario(apiScenario());
        }
        api.server.admin.faults.set({ latencyMs: 0 });
        const me = await api.call('GET', '/me', { key: KEY.full });
        expect(me.status, me.text).toBe(200);
        await keepTargets();
      }),
      { numRuns: 200 },
    );
    // As the /v1 fuzz: about a second for 200 requests; a loaded CI machine takes longer.
  }, 60_000);
});
