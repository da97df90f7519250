import { z } from 'zod';
import type { OperationDef } from './contract';

type JsonObject = Record<string, unknown>;

/** The `examples` of one error response: a code the reference server really answers. */
export function errorExample(op: OperationDef, status: number): JsonObject {
  const firstKey = (object: z.ZodType | undefined) =>
    object instanceof z.ZodObject ? Object.keys(object.shape)[0] : undefined;
  const shield = op.path.includes('/shield');
  const invalid = op.body
    ? `invalid_body: ${firstKey(op.body) ?? 'body'}`
    : op.query
      ? `invalid_query: ${firstKey(op.query)}`
      : `invalid_path: ${firstKey(op.pathParams) ?? 'path'}`;
  const byStatus: Record<number, JsonObject> = {
    400: { error: invalid },
    401: { error: 'invalid_api_key' },
    403: { error: shield ? 'shield_advanced_required' : 'insufficient_scope' },
    404: { error: op.path.includes('{rule_id}') ? 'shield_rule_not_found' : 'not_found' },
    409: op.idempotencyKey
      ? { error: 'idempotency_key_reused' }
      : { error: 'service_lifecycle_conflict', status: 'cancelled' },
    413: { error: 'body_too_large' },
    422: { error: 'insufficient_balance' },
    428: { error: 'idempotency_key_required' },
    429: { error: 'rate_limit_exceeded' },
    502: { error: 'power_failed' },
    503: { error: shield ? 'shield_paused' : 'state_unavailable' },
  };
  return { examples: { [String(byStatus[status]?.error)]: { value: byStatus[status] } } };
}
