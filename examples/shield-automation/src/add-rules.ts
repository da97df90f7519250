import type { RefClient, ShieldRule, ShieldRuleIntent } from '@refapi/sdk';

/**
 * A stable idempotency key per service and rule name: running the automation again (within
 * the server's 24 h retention) replays the first result instead of adding a duplicate rule.
 */
function ruleKey(serviceRef: string, intent: ShieldRuleIntent): string {
  const slug = intent.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `shield-${serviceRef}-${slug}`.slice(0, 128);
}

/** Queues every rule of the list on one KVM service, in order; returns the queued rules. */
export async function addRules(
  client: RefClient,
  serviceRef: string,
  intents: readonly ShieldRuleIntent[],
): Promise<ShieldRule[]> {
  const shield = client.shield(serviceRef);
  const queued: ShieldRule[] = [];
  for (const intent of intents) {
    const { rule } = await shield.rules.create(intent, {
      idempotencyKey: ruleKey(serviceRef, intent),
    });
    console.log(`queued ${rule.id} "${intent.name}" (${rule.state})`);
    queued.push(rule);
  }
  return queued;
}
