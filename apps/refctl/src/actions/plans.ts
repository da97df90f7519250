import { ListPlansQuery } from '@refapi/schema';
import type { Handler } from '../cli/lazy-action';
import { createClient } from '../runtime/client';
import { type PagingFlags, pagingRequest, printList } from '../runtime/print-list';
import { asFlag, validateInput } from '../runtime/validate';
import { planView } from './views';

/** `refctl plans list [--type] [--display-currency]`. */
export const list: Handler = async (ctx, _args, opts) => {
  const { query, options } = pagingRequest(ctx, opts as PagingFlags);
  const valid = validateInput(
    ListPlansQuery,
    { ...query, type: opts.type, display_currency: opts.displayCurrency },
    asFlag,
  );
  const client = await createClient(ctx);
  await printList(ctx, client.plans.list(valid, options), planView, options.maxItems);
};
