import type { Account } from '@refapi/schema';
import type { ApiPromise } from '../api-promise';
import type { RequestOptions } from '../options';
import type { ApiResult } from '../result-meta';
import { APIResource } from './resource';

/** The account identity: `client.account`. */
export class AccountResource extends APIResource {
  /** Reads the account identity (GET /me). */
  get(options?: RequestOptions): ApiPromise<ApiResult<Account>> {
    return this.core.call('getAccount', { options });
  }
}
