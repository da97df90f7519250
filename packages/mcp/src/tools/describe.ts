import type { OperationDef } from '@refapi/schema';
import type { OperationTool } from './operation-tools';

/** The tool description a model reads: what it does, what it costs, which scope it needs. */
export function describeTool(op: OperationDef, tool: OperationTool): string {
  const lines = [`${op.summary} (${op.method} ${op.path}).`];
  lines.push(
    // What a write costs or changes beyond its summary: its contract entry says.
    op.mcp.effects ??
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
