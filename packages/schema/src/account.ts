import { z } from 'zod';
import { Currency, DateTime, DisplayMoney } from './common';
import { AccountRef } from './refs';

/** The caller's account identity (GET /me). */
export const Account = z
  .strictObject({
    account_ref: AccountRef,
    email: z.email(),
    first_name: z.string(),
    last_name: z.string(),
    country_code: z.string(),
    account_currency: z.string(),
    preferred_locale: z.string(),
    status: z.string(),
  })
  .meta({ id: 'Account' });

/** The account balance (GET /balance). */
export const Balance = z
  .strictObject({
    amount: z.number(),
    currency: Currency,
    account_currency: Currency,
    as_of: DateTime,
    display: DisplayMoney.optional(),
  })
  .meta({ id: 'Balance' });

/** The caller's account identity. */
export type Account = z.infer<typeof Account>;
/** The account balance. */
export type Balance = z.infer<typeof Balance>;
