import type { Invoice } from '@refapi/schema';
import { envelopePage } from '../internal/envelope-page';
import type { QueryOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ListOptions, PagePromise } from '../pagination/page-promise';
import { APIResource } from './resource';

/** Invoices of the account: `client.invoices`. */
export class InvoicesResource extends APIResource {
  /**
   * Lists invoices, newest reference first (GET /invoices).
   * @example for await (const invoice of client.invoices.list()) total += invoice.amount;
   */
  list(
    query: QueryOf<'listInvoices'> = {},
    options: RequestOptions & ListOptions = {},
  ): PagePromise<Invoice> {
    return this.core.list(
      'listInvoices',
      { query, options, maxItems: options?.maxItems },
      envelopePage('listInvoices'),
    );
  }
}
