import { CreateOrderResponse } from '@refapi/schema/orders';
import type { Asker } from '../cli/required-flags';
import { typedHandler } from '../cli/typed-handler';
import {
  IDEMPOTENCY_FLAGS,
  ORDER_CREATE_FLAGS,
  PLAN_OUT_FLAGS,
  YES_FLAGS,
} from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import { leafCells } from '../output/render';
import type { View } from '../output/view';
import { createClient, loadSettings } from '../runtime/client';
import { confirm } from '../runtime/confirm';
import { note, print, refuseUnknownColumns } from '../runtime/print';
import { idempotencyKeyFor, sendIdempotent } from './idempotency';
import { reportCharge } from './order-charge';
import {
  describeQuote,
  findPlan,
  quoteCells,
  quoteOrder,
  quoteTotal,
  refuseOutOfStock,
} from './order-quote';
import { orderRequest } from './order-request';
import { writePlan } from './plan-out';

/** What a purchase prints, checked against `--columns` before anything is sent. */
const orderView: View = { columns: [], fields: Object.keys(CreateOrderResponse.shape) };

/**
 * `refctl orders create`: validates, shows the quote (priced from the catalog by the
 * server's own rule), asks, buys with an idempotency key that a failure prints for a safe
 * retry, then reports what the order actually charged.
 */
export const create = typedHandler(
  flagSchema({ ...ORDER_CREATE_FLAGS, ...IDEMPOTENCY_FLAGS, ...YES_FLAGS, ...PLAN_OUT_FLAGS }),
  async (ctx, _args, opts) => {
    const body = orderRequest(opts);
    const idempotencyKey = idempotencyKeyFor(opts);
    if (opts.planOut !== undefined) {
      await writePlan(ctx, opts.planOut, (client, o) =>
        client.orders.plan(body, { ...o, idempotencyKey }),
      );
      return;
    }
    if (opts.dryRun === true) {
      const settings = await loadSettings(ctx);
      const request = {
        method: 'POST',
        url: `${settings.baseUrl}/orders`,
        idempotency_key: idempotencyKey,
        body,
      };
      // The quote needs the catalog (a read); without a key the request alone is shown.
      if (!settings.apiKey) {
        note(ctx, 'quote: none without an API key (the catalog is read with it)');
        await print(ctx, { kind: 'object', value: request });
        return;
      }
      const plan = await findPlan(await createClient(ctx), body, ctx.signal);
      const price = quoteOrder(plan, body);
      note(ctx, `quote: ${describeQuote(plan, price)}`);
      // A dry run fails as the purchase would: a plan sold out is refused here too.
      refuseOutOfStock(plan);
      await print(ctx, {
        kind: 'object',
        value: { ...request, quote: price },
        cells: { ...leafCells(request), ...quoteCells(price) },
      });
      return;
    }
    refuseUnknownColumns(ctx, orderView.fields);
    const client = await createClient(ctx);
    const plan = await findPlan(client, body, ctx.signal);
    const price = quoteOrder(plan, body);
    note(ctx, `quote: ${describeQuote(plan, price)}`);
    refuseOutOfStock(plan);
    await confirm(ctx.io, {
      question: `Buy ${plan.code} (${price.period.name}) for ${quoteTotal(price)} from the balance?`,
      yes: opts.yes === true,
      action: 'orders create',
      nothing: 'nothing was ordered',
      input: ctx.globals.input,
      signal: ctx.signal,
    });
    const result = await sendIdempotent(
      ctx,
      idempotencyKey,
      (request) => client.orders.create(body, request),
      'nothing new was bought',
    );
    await reportCharge(ctx, client, result.service_ref, price);
    await print(ctx, { kind: 'object', value: result, view: orderView });
  },
);

/**
 * On a terminal, `orders create` without `--type` or `--plan` asks for them (then for the
 * plan's period, OS image and region); the prompts and ink load only then.
 */
export const askOrder: Asker = async (...args) =>
  (await import('../prompts/order-wizard')).askOrder(...args);
