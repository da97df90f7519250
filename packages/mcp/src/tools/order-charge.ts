import type { CreateOrderResult, RefClient } from '@refapi/sdk';
import type { OrderCharge } from '../counted-orders';
import { toCents } from '../money';

// The order just bought is among the newest: GET /orders lists newest first, and one
// page of the contract's largest size leaves room for orders others made meanwhile.
const NEWEST_ORDERS = 100;

/**
 * The amount of the order record that carries `serviceRef` (what the API debited for that
 * order), in cents, or undefined when the record cannot be read.
 */
export async function recordedCents(
  client: RefClient,
  serviceRef: string,
  currency: string,
): Promise<number | undefined> {
  try {
    const orders = client.orders.list({ limit: NEWEST_ORDERS }, { maxItems: NEWEST_ORDERS });
    for await (const order of orders) {
      if (order.service_ref === serviceRef) {
        return order.currency === currency ? toCents(order.amount) : undefined;
      }
    }
  } catch {
    // The order is bought whatever this read says (e.g. a key without finance:read, or a
    // 429): the caller falls back to the quote rather than lose the order's answer.
  }
  return undefined;
}

/**
 * What the budget counts for an answered order: the order's ref from its own response
 * and the amount of its order record (`recordedCents`), or the quote when that record
 * cannot be read. (The
 * response says what was bought and the balance after, but not what it cost; the balance
 * cannot tell, since other orders move it too.)
 */
export function orderCharge(
  order: CreateOrderResult,
  recorded: number | undefined,
  quoteCents: number,
): OrderCharge {
  return {
    ref: order.service_ref,
    cents: recorded ?? quoteCents,
    replayed: order.idempotent_replayed,
  };
}
