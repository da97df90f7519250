import type { ApiPromise } from '../api-promise';
import type { Core } from '../internal/core';
import type { SuccessOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ApiResult } from '../result-meta';

/** The account identity: `client.account`. */
export class AccountResource {
  readonly #core: Core;
  constructor(core: Core) {
    this.#core = core;
  }

  /** Reads the account identity (GET /me). */
  get(options?: RequestOptions): ApiPromise<ApiResult<SuccessOf<'getAccount'>>> {
    return this.#core.call('getAccount', { options });
  }
}
