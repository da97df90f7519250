import type { CallToolResult } from '@modelcontextprotocol/server';

/** A short line a model can read before (or instead of) the JSON. */
function summarize(tool: string, data: unknown): string {
  if (data !== null && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    if (Array.isArray(record.items)) {
      const more = record.has_more
        ? `more exist; pass cursor ${String(record.next_cursor)} to continue`
        : 'no more';
      return `${tool}: ${record.items.length} item(s); ${more}.`;
    }
    if (typeof record.dry_run === 'boolean') return orderSummary(tool, record);
    // The first few scalar fields say most of it: `balance_get: amount 250, currency EUR, …`.
    const scalars = Object.entries(record)
      .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
      .slice(0, 4)
      .map(([k, v]) => `${k} ${String(v)}`);
    if (scalars.length > 0) return `${tool}: ${scalars.join(', ')}.`;
  }
  return `${tool}: done.`;
}

function orderSummary(tool: string, record: Record<string, unknown>): string {
  const quote = record.quote as { plan_code: string; price: { amount: number; currency: string } };
  const price = `${quote.plan_code} at ${quote.price.amount.toFixed(2)} ${quote.price.currency}`;
  if (record.dry_run) return `${tool}: dry run, nothing bought. Would buy ${price}.`;
  const order = record.order as { service_ref: string } | undefined;
  const replay = record.idempotent_replayed ? ' (replayed: this order was already made)' : '';
  return `${tool}: bought ${price}; service ${order?.service_ref}${replay}.`;
}

/** A successful tool result: the summary, the response JSON, and the same as structured content. */
export function toolSuccess(tool: string, data: unknown): CallToolResult {
  const structured =
    data !== null && typeof data === 'object' && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : { result: data };
  return {
    content: [
      { type: 'text', text: summarize(tool, structured) },
      { type: 'text', text: JSON.stringify(structured) },
    ],
    structuredContent: structured,
  };
}
