import type { Handler } from '../cli/lazy-action';
import { createClient } from '../runtime/client';
import { print } from '../runtime/print';

// `refctl balance` is a module of its own (actions/balance.ts): its flag and query schemas
// are built when it runs, not by every `refctl me`.

/** `refctl me`. */
export const me: Handler = async (ctx) => {
  const client = await createClient(ctx);
  const account = await client.account.get({ signal: ctx.signal });
  await print(ctx, { kind: 'object', value: account });
};
