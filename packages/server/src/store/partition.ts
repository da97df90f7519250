import { Collection } from '@msw/data';
import {
  type AccountRecord,
  type AccountRecordKind,
  InvoiceRecord,
  OrderRecord,
  type RecordOf,
  ServiceRecord,
  TransactionRecord,
} from './records';
import { RefTable } from './ref-table';

/** The @msw/data collections of one account. */
export interface PartitionCollections {
  readonly services: Collection<typeof ServiceRecord>;
  readonly invoices: Collection<typeof InvoiceRecord>;
  readonly orders: Collection<typeof OrderRecord>;
  readonly transactions: Collection<typeof TransactionRecord>;
}

/**
 * Everything one account owns. Records live in per-account @msw/data collections (so its
 * linear scans stay within one account); reads go through the ref tables.
 */
export class Partition {
  readonly services = new RefTable<ServiceRecord>();
  readonly invoices = new RefTable<InvoiceRecord>();
  readonly orders = new RefTable<OrderRecord>();
  readonly transactions = new RefTable<TransactionRecord>();
  readonly collections: PartitionCollections = {
    services: new Collection({ schema: ServiceRecord }),
    invoices: new Collection({ schema: InvoiceRecord }),
    orders: new Collection({ schema: OrderRecord }),
    transactions: new Collection({ schema: TransactionRecord }),
  };

  constructor(public account: AccountRecord) {}

  /** The account reference. */
  get accountRef(): string {
    return this.account.account_ref;
  }

  /** The ref table of a kind. */
  table<K extends AccountRecordKind>(kind: K): RefTable<RecordOf<K>> {
    return this[kind] as unknown as RefTable<RecordOf<K>>;
  }

  /** A service the account owns directly (reseller services are invisible: undefined). */
  ownedService(serviceRef: string): ServiceRecord | undefined {
    const service = this.services.get(serviceRef);
    return service === undefined || service.reseller ? undefined : service;
  }
}
