import { RefClient } from '@refapi/sdk';

/** The app code under test: buys `count` KVM servers and returns their service refs. */
export async function buyServers(
  options: { baseUrl: string; apiKey: string },
  count: number,
  idempotencyPrefix: string,
): Promise<string[]> {
  const client = new RefClient(options);
  const refs: string[] = [];
  for (let i = 0; i < count; i++) {
    const order = await client.orders.create(
      { type: 'kvm', plan_code: 'kvm-s' },
      { idempotencyKey: `${idempotencyPrefix}-${i}` },
    );
    refs.push(order.service_ref);
  }
  return refs;
}
