import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
const READ_KEY = 'refak_demo_eur_read';
const KVM_S = { type: 'kvm', plan_code: 'kvm-s' };

let ref: Reference;
const open: Connected[] = [];
beforeEach(async () => {
  ref = await startReference();
});
afterEach(async () => {
  // Whatever a test did, no tool result and no log line may carry a key.
  for (const mcp of open.splice(0)) {
    await mcp.close();
    for (const secret of [KEY, READ_KEY]) {
      expect(mcp.transcript()).not.toContain(secret);
      expect(mcp.stderr()).not.toContain(secret);
    }
  }
  await ref.close();
});

async function connect(args: string[], key = KEY, via = connectInProcess): Promise<Connected> {
  const mcp = await via(['--tools', 'all', ...args], {
    REF_API_KEY: key,
    REF_BASE_URL: ref.baseUrl,
  });
  open.push(mcp);
  return mcp;
}

const balanceOf = async (mcp: Connected) =>
  structured(await mcp.call('balance_get')).amount as number;
const firstLine = (result: Awaited<ReturnType<Connected['call']>>) =>
  (result.content[0] as { type: 'text'; text: string }).text.split('\n')[0];
const orderPosts = () =>
  ref.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/orders'));

describe('orders_create', () => {
  it('is a dry run by default: the quote, and nothing spent', async () => {
    const mcp = await connect([]);
    const before = await balanceOf(mcp);
    const data = structured(await mcp.call('orders_create', KVM_S));
    expect(data).toMatchObject({
      dry_run: true,
      quote: { plan_code: 'kvm-s', price: { amount: 5.95, currency: 'EUR' }, exact: true },
      balance: { amount: before, currency: 'EUR' },
      balance_after: { amount: before - 5.95, currency: 'EUR' },
    });
    expect(data.order).toBeUndefined();
    expect(await balanceOf(mcp)).toBe(before);
    expect(orderPosts()).toHaveLength(0);
  });

  it('quotes a yearly order with addons at what it then charges, and says so in one line', async () => {
    const mcp = await connect([]);
    const before = await balanceOf(mcp);
    const args = {
      ...KVM_S,
      period_ref: 'REF-PERIOD-12',
      addons: [{ addon_ref: 'REF-ADDON-11', units: 1 }],
    };
    const dry = await mcp.call('orders_create', args);
    // 50.00 + 1.00 × 12 = 62.00 net, 11.78 VAT: not the monthly 5.95 of the old quote.
    expect(firstLine(dry)).toBe(
      'orders_create: dry run, nothing bought. Would buy kvm-s (yearly) for 73.78 EUR (62.00 EUR net + 11.78 EUR VAT).',
    );
    expect(structured(dry).balance_after).toEqual({ amount: before - 73.78, currency: 'EUR' });
    const bought = await buyPlanned(mcp.call, { ...args });
    expect(firstLine(bought)).toMatch(
      /^orders_create: bought kvm-s \(yearly\) for 73\.78 EUR \(62\.00 EUR net \+ 11\.78 EUR VAT\); service REF-SVC-\w+\. Charged 73\.78 EUR\.$/,
    );
    expect(structured(bought)).toMatchObject({
      charged: { amount: 73.78, currency: 'EUR' },
      charge_differs_from_quote: false,
    });
    expect(Math.round((before - (await balanceOf(mcp))) * 100)).toBe(7378);
  });

  it('buys once when the same call is made twice, over stdio and HTTP', async () => {
    for (const via of [connectInProcess, connectHttpInProcess]) {
      const mcp = await connect([], KEY, via);
      const before = await balanceOf(mcp);
      const first = structured(await buyPlanned(mcp.call, { ...KVM_S }));
      const again = structured(await buyPlanned(mcp.call, { ...KVM_S }));
      expect(first.idempotent_replayed).toBe(false);
      expect(again.idempotent_replayed).toBe(true);
      expect((again.order as { service_ref: string }).service_ref).toBe(
        (first.order as { service_ref: string }).service_ref,
      );
      expect(again.idempotency_key).toBe(first.idempotency_key);
      expect(Math.round((before - (await balanceOf(mcp))) * 100)).toBe(595);
    }
  });

  it('buys twice when given two idempotency keys', async () => {
    const mcp = await connect([]);
    const before = await balanceOf(mcp);
    for (const idempotency_key of ['buy-a', 'buy-b']) {
      const data = structured(await buyPlanned(mcp.call, { ...KVM_S, idempotency_key }));
      expect(data.idempotent_replayed).toBe(false);
    }
    expect(Math.round((before - (await balanceOf(mcp))) * 100)).toBe(2 * 595);
  });

  it('says a keyed call other than an order was replayed, and does it again with a new key', async () => {
    const mcp = await connect([]);
    const power = { service_ref: 'REF-SVC-101', action: 'reboot' };
    const first = await mcp.call('services_power', power);
    expect(structured(first).idempotent_replayed).toBeUndefined();
    // The same arguments derive the same key: the API replays the first reboot.
    const again = await mcp.call('services_power', power);
    expect(again.isError).not.toBe(true);
    expect(structured(again)).toMatchObject({ ...structured(first), idempotent_replayed: true });
    expect((again.content[0] as { text: string }).text).toMatch(
      /Replayed: an earlier call with the same idempotency key did this, and nothing was done again/,
    );
    const fresh = await mcp.call('services_power', { ...power, idempotency_key: 'reboot-2' });
    expect(structured(fresh).idempotent_replayed).toBeUndefined();
    // A rule deleted twice: the second answer is the first's, replayed.
    const created = structured(
      await mcp.call('shield_rules_create', {
        service_ref: 'REF-SVC-101',
        name: 'block dns',
        mode: 'observe',
        action: 'drop',
        risk: 'low',
        protocol: 'udp',
        destination_port: 53,
      }),
    );
    const id = (created.rule as { id: string }).id;
    const remove = { service_ref: 'REF-SVC-101', rule_id: id };
    expect(structured(await mcp.call('shield_rules_delete', remove)).idempotent_replayed).toBe(
      undefined,
    );
    expect(structured(await mcp.call('shield_rules_delete', remove))).toMatchObject({
      accepted: true,
      rule_id: id,
      idempotent_replayed: true,
    });
  });

  it('turns a write with a read-only key into a tool error naming the missing scope', async () => {
    const mcp = await connect([], READ_KEY);
    const order = errorFacts(await buyPlanned(mcp.call, { ...KVM_S }));
    expect(order).toMatchObject({
      status: 403,
      error: 'insufficient_scope',
      missing_scope: 'orders:write',
    });
    const rule = await mcp.call('services_power', { service_ref: 'REF-SVC-101', action: 'reboot' });
    expect(errorFacts(rule)).toMatchObject({ missing_scope: 'services:power' });
    expect((rule.content[0] as { text: string }).text).toMatch(/services:power/);
  });

  it('surfaces retry_after when the API answers 429', async () => {
    const mcp = await connect([]);
    // Use up the minute's write window of the key (120 writes), outside of MCP.
    for (let i = 0; i < 120; i++) {
      await fetch(`${ref.baseUrl}/services/REF-SVC-101/auto-renew`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: true }),
      });
    }
    const result = await mcp.call('services_set_auto_renew', {
      service_ref: 'REF-SVC-101',
      enabled: false,
    });
    const facts = errorFacts(result);
    expect(facts).toMatchObject({ status: 429, error: 'rate_limit_exceeded' });
    expect(facts.retry_after).toEqual(expect.any(Number));
    expect((result.content[0] as { text: string }).text).toMatch(/Retry after \d+ s/);
  });
});
