import type { Balance } from '@refapi/schema';
import type { ApiPromise } from '../api-promise';
import type { QueryOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ApiResult } from '../result-meta';
import { APIResource } from './resource';

/** A display currency (informational conversion only). */
export type DisplayCurrency = NonNullable<QueryOf<'getBalance'>['display_currency']>;

/** Query of `balance.get()`: the contract's `display_currency`, or `displayCurrency`. */
export type BalanceGetParams = QueryOf<'getBalance'> & {
  /** Alias of `display_currency`: adds an informational `display` conversion. */
  displayCurrency?: DisplayCurrency | undefined;
};

/** The account balance: `client.balance`. */
export class BalanceResource extends APIResource {
  /**
   * Reads the balance in the account currency (GET /balance).
   * @example await client.balance.get({ displayCurrency: 'USD' }) // .display is the conversion
   */
  get(params: BalanceGetParams = {}, options?: RequestOptions): ApiPromise<ApiResult<Balance>> {
    const { displayCurrency, display_currency } = params ?? {};
    return this.core.call('getBalance', {
      query: { display_currency: display_currency ?? displayCurrency },
      options,
    });
  }
}
