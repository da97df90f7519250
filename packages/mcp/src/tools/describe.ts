import type { OperationDef, OperationId } from '@refapi/schema';
import type { OperationTool } from './operation-tools';

// What each write costs or changes beyond its summary, for a model deciding whether to call.
const EFFECTS: Partial<Record<OperationId, string>> = {
  createOrder:
    'Costs money: the price is debited from the account balance at once, atomically. With dry_run true (the default) it only returns the quote (priced from the plan catalog by the rule the server charges with: the period, addons, VAT) and the balance, and spends nothing; call it with dry_run false to buy, and the result says what was charged. Refused before sending when it would pass the --max-spend budget of this server.',
  setServiceAutoRenew:
    'Free now; enabling it may authorize future renewal charges. Safe to repeat (changed is false when the state already held).',
  powerService:
    'Free, but stop and reboot interrupt the running server. A provider refusal is an error (502) and is not retried.',
  createShieldRule:
    'Free; queues the rule, which changes which traffic reaches the server once active (queued → applying → active).',
  deleteShieldRule: 'Free; queues the rollback of the rule (or of its whole profile bundle).',
  applyShieldPreset:
    'Free; queues a preset rule that changes which traffic reaches the server once active.',
  applyShieldProfile:
    'Free; queues the replacement of the whole customer-managed profile bundle, atomically (applying → active); `off` removes it.',
};

/** The tool description a model reads: what it does, what it costs, which scope it needs. */
export function describeTool(op: OperationDef, tool: OperationTool): string {
  const lines = [`${op.summary} (${op.method} ${op.path}).`];
  lines.push(
    EFFECTS[op.operationId as OperationId] ??
      (op.access === 'read'
        ? 'Free read; changes nothing.'
        : 'Counts against the write rate limit.'),
  );
  if (tool.kind === 'list') {
    lines.push('Returns up to max_items items, has_more, and next_cursor to pass as cursor.');
  }
  if (op.idempotencyKey) {
    lines.push('Repeating the same call replays the first result (see idempotency_key).');
  }
  if (op.success.csv) lines.push('With format csv the result holds the CSV text in `csv`.');
  lines.push(`Needs the API key scope ${op.scope}.`);
  return lines.join(' ');
}
