import type { Core } from '../internal/core';
import { envelopePage } from '../internal/envelope-page';
import type { ItemOf, QueryOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ListOptions, PagePromise } from '../pagination/page-promise';

/** The plan catalog: `client.plans`. */
export class PlansResource {
  readonly #core: Core;
  constructor(core: Core) {
    this.#core = core;
  }

  /** Lists saleable plans, optionally of one `type` and with a `display_currency` (GET /plans). */
  list(
    query: QueryOf<'listPlans'> = {},
    options: RequestOptions & ListOptions = {},
  ): PagePromise<ItemOf<'listPlans'>> {
    return this.#core.list(
      'listPlans',
      { query, options, maxItems: options.maxItems },
      envelopePage('listPlans'),
    );
  }
}
