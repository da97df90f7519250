import { createReferenceServer } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { sandboxClient } from './sandbox-client';
import { SandboxUnavailableError, SpaceAdmin } from './space-admin';
import { SpaceLease } from './space-lease';

async function setup() {
  const server = createReferenceServer({ onError: () => {} });
  await server.ready;
  const admin = new SpaceAdmin(server);
  const replaced: Array<[string, string]> = [];
  const lease = await SpaceLease.open(admin, { name: 'test' }, (gone, fresh) =>
    replaced.push([gone, fresh]),
  );
  const client = sandboxClient(lease.baseUrl, lease.fetch);
  return { server, admin, lease, client, replaced };
}

const KVM_S = { type: 'kvm', plan_code: 'kvm-s' } as const;

describe('SpaceLease', () => {
  it('sends every call to its space, never to the root', async () => {
    const { server, admin, lease, client } = await setup();
    expect(lease.baseUrl).toBe(`https://api.ref.test/spaces/${lease.spaceId}/v1`);
    await client.orders.create(KVM_S, { idempotencyKey: 'lease-1' });
    expect((await client.balance.get()).amount).toBe(244.05);
    // The root still has the scenario's balance, and its journal saw no API call.
    expect(server.admin.requests()).toHaveLength(0);
    expect(server.admin.state().accounts[0]?.balance).toBe(250);
    expect((await admin.list()).map((s) => s.space_id)).toEqual([lease.spaceId]);
    // A request for any other path than a space's is refused before it is sent.
    await expect(lease.fetch('https://api.ref.test/v1/balance')).rejects.toBeInstanceOf(
      SandboxUnavailableError,
    );
  });

  it('moves to a new space once the server deleted its own, and sends the call there', async () => {
    const { admin, lease, client, replaced } = await setup();
    const first = lease.spaceId;
    const bought = await client.orders.create(KVM_S, { idempotencyKey: 'lease-2' });
    // What the server does to a space left unused for its ttl.
    expect(await admin.delete(first)).toBe(true);
    // Calls in flight together make one new space, and each is answered from it: the
    // demo data again, without the order.
    const [balance, service] = await Promise.all([
      client.balance.get(),
      client.services.get(bought.service_ref).catch((error: unknown) => error),
    ]);
    expect(balance.amount).toBe(250);
    expect(service).toMatchObject({ status: 404 });
    expect(lease.spaceId).not.toBe(first);
    expect(replaced).toEqual([[first, lease.spaceId]]);
    // A write is sent again whole (its body is read once, before the first attempt).
    const order = await client.orders.create(KVM_S, { idempotencyKey: 'lease-3' });
    expect(order.service_ref).toMatch(/^REF-SVC-/);
    expect((await admin.list()).map((s) => s.space_id)).toEqual([lease.spaceId]);
  });

  it('deletes its space when closed, and refuses calls after', async () => {
    const { admin, lease } = await setup();
    await lease.close();
    expect(await admin.list()).toEqual([]);
    await expect(lease.fetch(`${lease.baseUrl}/balance`)).rejects.toThrow(/has ended/);
    await lease.close();
  });
});
