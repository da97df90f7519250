import type { OrderPrice } from '@refapi/schema';
import { amountToCents, formatCents } from '@refapi/schema/plans';
import type { RefClient } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { note } from '../runtime/print';

/**
 * After buying: what the order actually charged (its `amount`, GET /orders), on stderr, and
 * a loud warning when that is not the quote the user confirmed. A key that may not read
 * orders gets a note instead: the purchase itself succeeded.
 */
export async function reportCharge(
  ctx: Ctx,
  client: RefClient,
  serviceRef: string,
  quote: OrderPrice,
): Promise<void> {
  const order = await client.orders
    .findForService(serviceRef, { signal: ctx.signal })
    .catch(() => undefined);
  if (order === undefined) {
    note(
      ctx,
      `charged: unknown (the order of ${serviceRef} could not be read; see: refctl orders list)`,
    );
    return;
  }
  const charged = amountToCents(order.amount);
  const text = formatCents(charged, order.currency);
  if (charged === quote.total_cents && order.currency === quote.currency) {
    note(ctx, `charged: ${text} (order ${order.order_ref})`);
    return;
  }
  note(
    ctx,
    `warning: order ${order.order_ref} charged ${text}, but the quote was ${formatCents(quote.total_cents, quote.currency)}`,
  );
}
