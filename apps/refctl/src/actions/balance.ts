import { BalanceQuery } from '@refapi/schema/account';
import { typedHandler } from '../cli/typed-handler';
import { BALANCE_FLAGS } from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import { createClient } from '../runtime/client';
import { print } from '../runtime/print';
import { asFlag, validateInput } from '../runtime/validate';

/** `refctl balance [--display-currency X]`. */
export const balance = typedHandler(flagSchema(BALANCE_FLAGS), async (ctx, _args, opts) => {
  const query = validateInput(BalanceQuery, { display_currency: opts.displayCurrency }, asFlag);
  const client = await createClient(ctx);
  const value = await client.balance.get(query, { signal: ctx.signal });
  await print(ctx, { kind: 'object', value });
});
