import { ListPlansQuery } from '@refapi/schema/plans';
import { typedHandler } from '../cli/typed-handler';
import { PAGING_FLAGS, PLAN_LIST_FLAGS } from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import { createClient } from '../runtime/client';
import { pagingRequest, printList } from '../runtime/print-list';
import { asFlag, validateInput } from '../runtime/validate';
import { planView } from './views';

/** `refctl plans list [--type] [--display-currency]`. */
export const list = typedHandler(
  flagSchema({ ...PLAN_LIST_FLAGS, ...PAGING_FLAGS }),
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
