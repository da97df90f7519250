import type {
  AccountRecord,
  AccountRecordKind,
  InvoiceRecord,
  OrderRecord,
  RecordOf,
  ServiceRecord,
  TransactionRecord,
} from '../domain/records';
import type { ScenarioAccount } from '../scenario/schema';
import { RefTable } from './ref-table';

/**
 * Everything one account owns: its record, its API keys (fixed by the scenario, kept apart
 * so a balance debit never copies them) and one ref table per record kind.
 */
export class Partition {
  constructor(
    public account: AccountRecord,
    /** The account's keys as the scenario declared them (for export; auth uses the key ring). */
    readonly apiKeys: ScenarioAccount['api_keys'],
    readonly services = new RefTable<ServiceRecord>(),
    readonly invoices = new RefTable<InvoiceRecord>(),
    readonly orders = new RefTable<OrderRecord>(),
    readonly transactions = new RefTable<TransactionRecord>(),
  ) {}

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

  /** A partition with the same records, sharing them until either side writes. */
  fork(): Partition {
    return new Partition(
      this.account,
      this.apiKeys,
      this.services.fork(),
      this.invoices.fork(),
      this.orders.fork(),
      this.transactions.fork(),
    );
  }
}
