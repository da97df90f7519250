// Where the server-side time of one POST /v1/orders goes, without a transport: the whole
// request through the core's handler, next to the parts timed alone on the same inputs.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CreateOrderRequest } from '@refapi/schema';
import { createRequestContext } from '../src/api/request-context';
import { fingerprint } from '../src/domain/idempotency';
import { recordSchemas } from '../src/domain/records';
import { DEFAULT_JOURNAL_SIZE } from '../src/request-journal';
import { createReferenceCore } from '../src/server/reference-core';
import { recordEntry } from '../src/state/record-entry';
import type { CommittedMutation } from '../src/store/store';
import { BENCH_KEYS, benchScenario } from './bench-scenario';
import type { Figure } from './report';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
const BODY = JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' });

// Measured on main before this round (node --cpu-prof, 2,000 keys on the account, ~42 ms
// an order): @msw/data's update of the account record 63% (deep clone 30%, sanitize 25%,
// re-validation of the key list), the store's own validation 15%, the rest (routing,
// hashing, journal, response) under 10%. With one key the same write path cost ~0.3 ms.
const BEFORE =
  'before: 42 ms/order at 2,000 keys, 63% @msw/data account update (clone, sanitize, key-list validation), 15% record validation; O(keys)';

// Heap an order leaves behind (records, idempotency entry; the request journal is full
// before measuring, so its ring adds nothing). Before: 3.4 KB, of which ~1.4 KB was the
// idempotency fingerprint kept as a rope of ~30 string pieces (hex appended byte by byte).
const KEPT_BEFORE = 'before: 3.4 KB (the fingerprint a rope of ~30 string pieces)';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const heapUsed = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

function timeEach(n: number, fn: (i: number) => unknown): number {
  const started = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  return ((performance.now() - started) / n) * 1000;
}

/** µs per order end to end (no transport) and per part. */
export async function benchOrderCost(): Promise<Figure[]> {
  const { core, handle } = createReferenceCore({ scenario: benchScenario(), onError: () => {} });
  await core.ready;
  let mutation: CommittedMutation | undefined;
  core.store.onCommit((m) => {
    mutation = m;
  });
  // Counts the key digests: a transport asks the body limit first, then the handler, for
  // one request object; each asked for its own digest until this round (two per request).
  let authentications = 0;
  const authenticate = core.store.authenticate.bind(core.store);
  core.store.authenticate = (token) => {
    authentications++;
    return authenticate(token);
  };
  let sent = 0;
  const order = async () => {
    const key = BENCH_KEYS[sent % BENCH_KEYS.length] as string;
    if (++sent % 1000 === 0) core.admin.clock.advance(60);
    const request = createRequestContext(
      {
        method: 'POST',
        path: '/v1/orders',
        search: '',
        sourceAddress: '127.0.0.1',
        headers: () => ({}),
        header: (name: string) =>
          name === 'authorization'
            ? `Bearer ${key}`
            : name === 'idempotency-key'
              ? `cost-${sent}`
              : name === 'content-type'
                ? 'application/json'
                : undefined,
      },
      // Read by the chain once the key allowed it, as a transport's body is.
      async () => ({ body: BODY, tooLarge: false }),
    );
    return handle(request);
  };
  for (let i = 0; i < DEFAULT_JOURNAL_SIZE; i++) await order();
  const heapBefore = heapUsed();
  authentications = 0;
  const started = performance.now();
  for (let i = 0; i < ORDERS; i++) {
    const response = await order();
    if (response.status !== 200) throw new Error(`order-cost: status ${response.status}`);
  }
  const totalUs = ((performance.now() - started) / ORDERS) * 1000;
  const keptKb = (heapUsed() - heapBefore) / ORDERS / 1024;
  const authPerOrder = authentications / ORDERS;

  const changes = mutation?.changes ?? [];
  const replaced = mutation?.replaced ?? [];
  const body = JSON.parse(BODY) as unknown;
  const parts = {
    'body validation (contract)': timeEach(ORDERS, () => CreateOrderRequest.parse(body)),
    'hashing (key digest, fingerprint)': timeEach(ORDERS, (i) => {
      authenticate(BENCH_KEYS[i % BENCH_KEYS.length]);
      fingerprint({ params: null, body });
    }),
    'journal line (entries + JSON, no fsync)': timeEach(ORDERS, () =>
      JSON.stringify(changes.map((change, i) => recordEntry(change, replaced[i]))),
    ),
  };
  const figures: Figure[] = [
    {
      name: 'one order, core handler (no transport)',
      value: `${totalUs.toFixed(1)} µs`,
      target: 'reported',
    },
  ];
  const authUs = timeEach(ORDERS, (i) => authenticate(BENCH_KEYS[i % BENCH_KEYS.length]));
  figures.push({
    name: '  API key authentications per order (body limit + pipeline)',
    value: `${authPerOrder.toFixed(2)} × ${authUs.toFixed(1)} µs`,
    target: '1 (was 2)',
    pass: authPerOrder === 1,
  });
  for (const [name, us] of Object.entries(parts)) {
    figures.push({
      name: `  ${name}`,
      value: `${us.toFixed(1)} µs (${((100 * us) / totalUs).toFixed(0)}%)`,
      target: 'reported',
    });
  }
  // Not a part any more: an order's records are built valid (`commitBuilt`), so this is
  // what validating them again would cost, kept to show what skipping it saves.
  const recordValidationUs = timeEach(ORDERS, () => {
    for (const change of changes) recordSchemas[change.kind].parse(change.record);
  });
  figures.push({
    name: '  not paid: validating its 5 records again (built valid)',
    value: `${recordValidationUs.toFixed(1)} µs`,
    target: 'reported',
  });
  figures.push({ name: '  before (main, profiled)', value: BEFORE, target: 'reported' });
  figures.push(
    { name: 'heap kept per order', value: `${keptKb.toFixed(1)} KB`, target: 'reported' },
    { name: '  before', value: KEPT_BEFORE, target: 'reported' },
  );
  return figures;
}
