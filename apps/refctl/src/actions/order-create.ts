import { z } from 'zod';
import { typedHandler } from '../cli/typed-handler';
import { createClient, loadSettings } from '../runtime/client';
import { confirm } from '../runtime/confirm';
import { note, print } from '../runtime/print';
import { IdempotencyFlags, YesFlags } from './flags';
import { idempotencyKeyFor, sendIdempotent } from './idempotency';
import { describeQuote, findPlan, planPrice } from './order-quote';
import { OrderFlags, orderRequest } from './order-request';

/**
 * `refctl orders create`: validates, shows the server's quote, asks, then buys with an
 * idempotency key that a failure prints for a safe retry.
 */
export const createOrder = typedHandler(
  OrderFlags.extend(IdempotencyFlags.shape)
    .extend(YesFlags.shape)
    .extend({ dryRun: z.boolean().optional() }),
  async (ctx, _args, opts) => {
    const body = orderRequest(opts);
    const idempotencyKey = idempotencyKeyFor(opts);
    if (opts.dryRun === true) {
      const { baseUrl } = await loadSettings(ctx);
      const request = {
        method: 'POST',
        url: `${baseUrl}/orders`,
        idempotency_key: idempotencyKey,
        body,
      };
      await print(ctx, { kind: 'object', value: request });
      return;
    }
    const client = await createClient(ctx);
    const plan = await findPlan(client, body, ctx.signal);
    note(ctx, `quote: ${describeQuote(plan, body)}`);
    await confirm(ctx.io, {
      question: `Buy ${plan.code} for ${planPrice(plan)} from the balance?`,
      yes: opts.yes === true,
      action: 'orders create',
    });
    const result = await sendIdempotent(ctx, idempotencyKey, (request) =>
      client.orders.create(body, request),
    );
    if (result.idempotentReplayed) {
      note(ctx, 'replayed: this idempotency key already completed; nothing new was bought');
    }
    await print(ctx, { kind: 'object', value: result });
  },
);
