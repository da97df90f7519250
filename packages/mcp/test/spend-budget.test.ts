import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import {
  type Connected,
  connectHttpInProcess,
  connectInProcess,
  errorFacts,
  structured,
} from './helpers/mcp-client';
import { type Reference, startReference } from './helpers/reference';
import { buyPlanned } from './helpers/sandbox-buyer';

const KEY = 'refak_demo_eur_full';
const KVM_S = { type: 'kvm', plan_code: 'kvm-s' };
// Past the reference server's idempotency retention (24 h on its clock).
const PAST_RETENTION_S = 25 * 3600;

let ref: Reference;
const open: Connected[] = [];
beforeEach(async () => {
  ref = await startReference();
});
afterEach(async () => {
  for (const mcp of open.splice(0)) await mcp.close();
  await ref.close();
});

async function connect(maxSpend: string, via = connectInProcess): Promise<Connected> {
  const mcp = await via(['--tools', 'all', '--max-spend', maxSpend], {
    REF_API_KEY: KEY,
    REF_BASE_URL: ref.baseUrl,
  });
  open.push(mcp);
  return mcp;
}

const orderRefs = () => new Set(ref.orders(KEY).map((order) => order.order_ref));

// What the API charged for the orders created since `before`, from its own records.
function chargedSince(before: Set<string>) {
  const created = ref.orders(KEY).filter((order) => !before.has(order.order_ref));
  const cents = created.reduce((sum, order) => sum + Math.round(order.amount * 100), 0);
  return { orders: created.length, cents };
}

// The budget as the MCP server reports it, read through a dry run (which spends nothing).
async function budgetOf(mcp: Connected) {
  const data = structured(await mcp.call('orders_create', KVM_S));
  return data.budget as { limit: number; spent: number; remaining: number; reserved?: number };
}

const outcome = (result: Awaited<ReturnType<Connected['call']>>) =>
  result.isError
    ? String(errorFacts(result).error)
    : structured(result).idempotent_replayed
      ? 'replayed'
      : 'bought';

/**
 * An MCP server (`--max-spend <cap>`) whose API calls pass through a proxy to the reference
 * server; `tamper` may answer an exchange itself (returning true) once it has gone upstream.
 * The proxy closes when the test ends.
 */
async function connectThroughProxy(
  cap: string,
  tamper: (req: IncomingMessage, upstream: Response, body: Buffer, res: ServerResponse) => boolean,
) {
  const proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const upstream = await fetch(`${new URL(ref.baseUrl).origin}${req.url}`, {
      method: req.method ?? 'GET',
      headers: Object.entries(req.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    if (tamper(req, upstream, body, res)) return;
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
    });
    res.end(body);
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  onTestFinished(async () => {
    proxy.closeAllConnections();
    await new Promise((done) => proxy.close(done));
  });
  const { port } = proxy.address() as AddressInfo;
  const mcp = await connectInProcess(['--tools', 'all', '--max-spend', cap], {
    REF_API_KEY: KEY,
    REF_BASE_URL: `http://127.0.0.1:${port}/v1`,
  });
  open.push(mcp);
  return mcp;
}

describe('--max-spend', () => {
  it('counts the same buy repeated after the API forgot its key, so the cap holds', async () => {
    const mcp = await connect('20');
    const before = orderRefs();
    const outcomes: string[] = [];
    for (let day = 0; day < 5; day++) {
      if (day > 0) ref.admin.clock.advance(PAST_RETENTION_S);
      outcomes.push(outcome(await buyPlanned(mcp.call, KVM_S)));
    }
    // Each repeat is a new order once the key is forgotten: 3 fit in 20.00 EUR at 5.95.
    expect(outcomes).toEqual(['bought', 'bought', 'bought', 'budget_exceeded', 'budget_exceeded']);
    expect(chargedSince(before)).toEqual({ orders: 3, cents: 1785 });
    expect(await budgetOf(mcp)).toMatchObject({ limit: 20, spent: 17.85, remaining: 2.15 });
  });

  it('counts a buy whose answer was lost and whose retry the API answered with its stored result', async () => {
    // Between the MCP server and the API, a proxy passes each order on, then answers the
    // first of each key with a 503: the SDK retries it, and the replay is this call's buy.
    const answered = new Set<string>();
    const mcp = await connectThroughProxy('10', (req, _upstream, _body, res) => {
      const key = req.headers['idempotency-key'];
      if (req.method !== 'POST' || req.url !== '/v1/orders' || typeof key !== 'string') {
        return false;
      }
      if (answered.has(key)) return false;
      answered.add(key);
      res.writeHead(503, { 'retry-after': '0', 'content-type': 'application/json' });
      res.end('{"error":"upstream_unavailable"}');
      return true;
    });
    const before = orderRefs();
    const outcomes = [
      outcome(await buyPlanned(mcp.call, KVM_S)),
      outcome(await buyPlanned(mcp.call, KVM_S)),
    ];
    // 5.95 EUR each: the first fits 10.00, the second would pass it.
    expect(outcomes).toEqual(['bought', 'budget_exceeded']);
    expect(chargedSince(before)).toEqual({ orders: 1, cents: 595 });
    expect(await budgetOf(mcp)).toMatchObject({ limit: 10, spent: 5.95, remaining: 4.05 });
  });

  it('keeps counting a buy whose answer could not be decoded, as one whose answer was lost', async () => {
    // A proxy passes each order on, then answers the first one's success with bytes that
    // are not the gzip it names: the order was made, its answer cannot be read.
    let garbled = false;
    const mcp = await connectThroughProxy('10', (req, upstream, body, res) => {
      if (req.method !== 'POST' || req.url !== '/v1/orders' || garbled) return false;
      garbled = true;
      res.writeHead(upstream.status, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      });
      res.end(body);
      return true;
    });
    const before = orderRefs();
    const first = await buyPlanned(mcp.call, KVM_S);
    expect(errorFacts(first)).toMatchObject({
      error: 'invalid_response',
      message: 'The API answered a body that could not be decoded (its Content-Encoding).',
    });
    // 5.95 EUR bought, and another 5.95 would pass 10.00 while the first is in doubt.
    const second = await buyPlanned(mcp.call, { ...KVM_S, idempotency_key: 'other' });
    expect(outcome(second)).toBe('budget_exceeded');
    expect(chargedSince(before)).toEqual({ orders: 1, cents: 595 });
    expect(await budgetOf(mcp)).toMatchObject({ limit: 10, spent: 5.95, remaining: 4.05 });
  });

  it('lets exactly what the cap allows through when 8 buys run at once, counted by what was charged', async () => {
    for (const [cap, allowed, via] of [
      ['100', 8, connectInProcess],
      ['20', 3, connectHttpInProcess],
    ] as const) {
      const mcp = await connect(cap, via);
      const before = orderRefs();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          buyPlanned(mcp.call, { ...KVM_S, idempotency_key: `burst-${cap}-${i}` }),
        ),
      );
      const outcomes = results.map(outcome);
      expect(outcomes.filter((o) => o === 'bought')).toHaveLength(allowed);
      expect(outcomes.filter((o) => o !== 'bought')).toEqual(
        Array(8 - allowed).fill('budget_exceeded'),
      );
      const charged = chargedSince(before);
      expect(charged.orders).toBe(allowed);
      const budget = await budgetOf(mcp);
      expect(Math.round(budget.spent * 100)).toBe(charged.cents);
      expect(budget.spent).toBeLessThanOrEqual(Number(cap));
      expect(budget).toMatchObject({ reserved: 0 });
    }
  });

  it('counts an order once however often it is replayed, also by calls running at once', async () => {
    const mcp = await connect('100');
    const before = orderRefs();
    // 4 orders, each sent twice at once: one call buys it, the other replays it or finds
    // it still in flight (409 idempotency_key_in_use).
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        buyPlanned(mcp.call, { ...KVM_S, idempotency_key: `replay-${i % 4}` }),
      ),
    );
    expect(burst.map(outcome).filter((o) => o === 'bought')).toHaveLength(4);
    for (let i = 0; i < 4; i++) {
      const again = await buyPlanned(mcp.call, { ...KVM_S, idempotency_key: `replay-${i}` });
      expect(outcome(again)).toBe('replayed');
    }
    expect(chargedSince(before)).toEqual({ orders: 4, cents: 4 * 595 });
    expect(await budgetOf(mcp)).toMatchObject({ spent: 23.8, remaining: 76.2 });
  });

  it('refuses an order that would pass the cap before sending it, naming its price and what is left', async () => {
    const mcp = await connect('10');
    expect(outcome(await buyPlanned(mcp.call, { ...KVM_S, idempotency_key: 'one' }))).toBe(
      'bought',
    );
    const posts = () =>
      ref.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/orders')).length;
    const sent = posts();
    const refused = await buyPlanned(mcp.call, { ...KVM_S, idempotency_key: 'two' });
    expect(errorFacts(refused)).toMatchObject({
      error: 'budget_exceeded',
      price: { amount: 5.95, currency: 'EUR' },
      remaining_budget: { amount: 4.05, currency: 'EUR' },
      budget: { currency: 'EUR', limit: 10, spent: 5.95, reserved: 0, remaining: 4.05 },
    });
    const text = (refused.content[0] as { text: string }).text;
    expect(text).toContain(
      'This order costs 5.95 EUR but only 4.05 EUR of the 10.00 EUR budget (--max-spend) remains. 5.95 EUR is spent.',
    );
    expect(posts()).toBe(sent);
    // A dry run still works and shows the budget.
    expect(await budgetOf(mcp)).toMatchObject({ spent: 5.95, remaining: 4.05 });
  });
});
