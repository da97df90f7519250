import type { Account, Balance } from '@refapi/schema';
import { convertCents, crossRate, fromCents } from '../domain/money';
import { isoTime } from '../internal/iso-time';
import type { OperationImpls } from './types';

/** GET /me and GET /balance. */
export const accountOperations = {
  getAccount({ account }) {
    const body: Account = {
      account_ref: account.account_ref,
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      country_code: account.country_code,
      account_currency: account.account_currency,
      preferred_locale: account.preferred_locale,
      status: account.status,
    };
    return { status: 200, body };
  },

  getBalance({ account, query, now }, ctx) {
    const currency = account.account_currency;
    const asOf = isoTime(now.getTime());
    const body: Balance = {
      amount: fromCents(account.balance_cents),
      currency,
      account_currency: currency,
      as_of: asOf,
    };
    const display = query.display_currency;
    if (display !== undefined) {
      const rates = ctx.store.rates;
      body.display = {
        amount: fromCents(convertCents(account.balance_cents, currency, display, rates)),
        currency: display,
        rate: crossRate(currency, display, rates),
        as_of: asOf,
      };
    }
    return { status: 200, body };
  },
} satisfies Partial<OperationImpls>;
