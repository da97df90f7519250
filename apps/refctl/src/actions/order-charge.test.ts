import { type OrderPrice, priceOrder } from '@refapi/schema';
import { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { captureCtx } from '../../test/helpers/capture-io';
import { reportCharge } from './order-charge';

// Against the demo server in process: one real order, then what refctl says about it.
async function bought() {
  const server = createReferenceServer();
  await server.ready;
  const client = new RefClient({
    apiKey: 'refak_demo_eur_full',
    baseUrl: server.baseUrl,
    fetch: server.fetch,
  });
  const plan = await client.plans.find('kvm', 'kvm-s');
  const body = { type: 'kvm', plan_code: 'kvm-s', period_ref: 'REF-PERIOD-12' } as const;
  const priced = priceOrder(plan!, body);
  if (!priced.ok) throw new Error(priced.error);
  const result = await client.orders.create(body);
  return { client, serviceRef: result.service_ref, quote: priced.price };
}

describe('reportCharge', () => {
  it('reports the amount the order charged', async () => {
    const { client, serviceRef, quote } = await bought();
    const { ctx, stderr } = captureCtx();
    await reportCharge(ctx, client, serviceRef, quote);
    expect(stderr()).toMatch(/^charged: 59\.50 EUR \(order REF-ORD-\w+\)\n$/);
  });

  it('warns loudly when the charge is not the quote', async () => {
    const { client, serviceRef, quote } = await bought();
    const stale: OrderPrice = { ...quote, total_cents: quote.total_cents - 1 };
    const { ctx, stderr } = captureCtx();
    await reportCharge(ctx, client, serviceRef, stale);
    expect(stderr()).toMatch(
      /^warning: order REF-ORD-\w+ charged 59\.50 EUR, but the quote was 59\.49 EUR\n$/,
    );
  });
});
