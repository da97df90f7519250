import type { Transaction } from '@refapi/schema';
import { envelopePage } from '../internal/envelope-page';
import type { QueryOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ListOptions, PagePromise } from '../pagination/page-promise';
import { APIResource } from './resource';

/** Ledger transactions of the account: `client.transactions`. */
export class TransactionsResource extends APIResource {
  /** Lists ledger transactions, newest reference first (GET /transactions). */
  list(
    query: QueryOf<'listTransactions'> = {},
    options: RequestOptions & ListOptions = {},
  ): PagePromise<Transaction> {
    return this.core.list(
      'listTransactions',
      { query, options, maxItems: options?.maxItems },
      envelopePage('listTransactions'),
    );
  }
}
