import type { RefClient } from '@refapi/sdk';

/** What `ensureKvmServer` did. */
export interface EnsureResult {
  readonly serviceRef: string;
  /** True when this call bought the server (or replayed the purchase of its key). */
  readonly bought: boolean;
}

/**
 * The app under test: makes sure the account has an active KVM server, buying one only if
 * none exists. `idempotencyKey` names this purchase (a job id, say): retries of the call,
 * the SDK's automatic ones included, can never buy a second server.
 */
export async function ensureKvmServer(
  client: RefClient,
  options: { planCode?: string; idempotencyKey: string },
): Promise<EnsureResult> {
  const existing = await client.services.list({ type: 'kvm', status: 'active', limit: 1 });
  const first = existing.items[0];
  if (first !== undefined) return { serviceRef: first.service_ref, bought: false };
  const order = await client.orders.create(
    { type: 'kvm', plan_code: options.planCode ?? 'kvm-s' },
    { idempotencyKey: options.idempotencyKey },
  );
  return { serviceRef: order.service_ref, bought: true };
}
