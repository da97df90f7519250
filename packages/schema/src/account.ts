import { z } from 'zod';
import { AccountRef } from './account-ref';
import { openEnum } from './open-enum';
import { ACCOUNT_STATUSES, CURRENCIES } from './values';

// GET /me's schema alone (the balance is balance.ts): a client reading only the identity
// builds none of the shared money and date schemas (common.ts).

// Declaration output: each object schema is typed `z.ZodObject<typeof shape, …>` over a named
// shape, and a nested schema is asserted to its own type (`X as typeof X`), so that the
// published .d.ts names them; inferred, they are written out inline without the fields' doc
// comments, which an editor then cannot show.

const accountShape = {
  /** The account's public reference, `REF-ACCT-…`. */
  account_ref: AccountRef,
  /** The account holder's email address. */
  email: z.email(),
  /** The account holder's first name. */
  first_name: z.string(),
  /** The account holder's last name. */
  last_name: z.string(),
  /** The account's country (the reference server uses ISO 3166 alpha-2 codes, e.g. `DE`). */
  country_code: z.string(),
  /** The authoritative currency of prices, orders, invoices and the ledger. */
  account_currency: openEnum(CURRENCIES),
  /** The account's preferred locale, e.g. `en-GB`. */
  preferred_locale: z.string(),
  /** The account's status; only an `active` account may order. The value set is open. */
  status: openEnum(ACCOUNT_STATUSES),
};

/** The caller's account identity (GET /me). */
export const Account: z.ZodObject<typeof accountShape, z.core.$strict> = z
  .strictObject(accountShape)
  .meta({ id: 'Account' });

/** The caller's account identity. */
export type Account = z.infer<typeof Account>;
