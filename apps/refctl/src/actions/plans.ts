import { ListPlansQuery } from '@refapi/schema/src/params';
import { z } from 'zod';
import { typedHandler } from '../cli/typed-handler';
import { createClient } from '../runtime/client';
import { pagingRequest, printList } from '../runtime/print-list';
import { asFlag, validateInput } from '../runtime/validate';
import { PagingFlags } from './flags';
import { planView } from './views';

/** `refctl plans list [--type] [--display-currency]`. */
export const list = typedHandler(
  PagingFlags.extend({ type: z.string().optional(), displayCurrency: z.string().optional() }),
  async (ctx, _args, opts) => {
    const { query, options } = pagingRequest(ctx, opts);
    const valid = validateInput(
      ListPlansQuery,
      { ...query, type: opts.type, display_currency: opts.displayCurrency },
      asFlag,
    );
    const client = await createClient(ctx);
    await printList(ctx, client.plans.list(valid, options), planView, options.maxItems);
  },
);
