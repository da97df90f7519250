import type { RefClient } from '@refapi/sdk';

/** Drops inbound DNS on a KVM service and waits until the rule is active. */
export async function blockInboundDns(client: RefClient, serviceRef: string) {
  const shield = client.shield(serviceRef);
  const { rule } = await shield.rules.create({
    name: 'drop inbound udp/53',
    mode: 'enforce',
    action: 'drop',
    risk: 'medium',
    protocol: 'udp',
    destination_port: 53,
  });
  // Rules are queued (202); poll with backoff until active, failed (throws) or timeout.
  return shield.rules.waitFor(rule.id, { state: 'active', timeout: 60_000 });
}
