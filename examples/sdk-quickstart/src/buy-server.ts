import type { RefClient } from '@refapi/sdk';

/** Buys one KVM server. Repeating the call with the same key never buys a second one. */
export async function buyServer(client: RefClient, idempotencyKey: string) {
  const order = await client.orders.create(
    { type: 'kvm', plan_code: 'kvm-s' },
    { idempotencyKey }, // reused on every automatic retry, and by you after a crash
  );
  const replay = order.idempotent_replayed ? ' (replayed: already bought with this key)' : '';
  console.log(`bought ${order.service_ref}${replay}; balance ${order.balance.amount}`);
  return order;
}
