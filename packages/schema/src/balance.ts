import { z } from 'zod';
import { Currency, DateTime, DisplayMoney } from './common';

// Declaration output: each object schema is typed `z.ZodObject<typeof shape, …>` over a named
// shape, and a nested schema is asserted to its own type (`X as typeof X`), so that the
// published .d.ts names them; inferred, they are written out inline without the fields' doc
// comments, which an editor then cannot show.

const balanceShape = {
  /** The balance, in `currency`. */
  amount: z.number(),
  /** The currency of `amount`. */
  currency: Currency,
  /** The authoritative currency of the account. */
  account_currency: Currency,
  /** When the balance was read. */
  as_of: DateTime,
  /** The balance converted to the requested `display_currency`; informational, never charged. */
  display: DisplayMoney.optional() as z.ZodOptional<typeof DisplayMoney>,
};

/** The account balance (GET /balance). */
export const Balance: z.ZodObject<typeof balanceShape, z.core.$strict> = z
  .strictObject(balanceShape)
  .meta({ id: 'Balance' });

/** The account balance. */
export type Balance = z.infer<typeof Balance>;
