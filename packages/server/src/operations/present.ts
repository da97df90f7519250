import type { Invoice, Order, Service, Transaction } from '@refapi/schema';
import { recordCodecs } from '../domain/record-codec';
import type {
  InvoiceRecord,
  OrderRecord,
  ServiceRecord,
  TransactionRecord,
} from '../domain/records';
import { redactDescription } from '../domain/redact';
import type { Partition } from '../store/partition';

// Records as the API shows them. Linked references are emitted only when they point to
// something the account owns (reseller services count as not owned); otherwise omitted.

/** A service as the API shows it (partition key, reseller flag and renewal terms removed). */
export function presentService(record: ServiceRecord): Service {
  // A service has no money field: dropping the internal fields is all its codec would do,
  // and the list endpoint pays a second copy per item for going through it.
  const { account_ref, reseller, term_day, ordered_addons, renewal_invoice_ref, ...service } =
    record;
  return service;
}

const serviceJson = new WeakMap<ServiceRecord, string>();

/**
 * The JSON text of {@link presentService}, kept per record. Records are replaced on every
 * change, never changed in place, so a record's text cannot go stale; the service list
 * joins these instead of copying and serializing its 50 services on every request (two
 * thirds of the server's own time for that request).
 */
export function presentedServiceJson(record: ServiceRecord): string {
  let json = serviceJson.get(record);
  if (json === undefined) {
    json = JSON.stringify(presentService(record));
    serviceJson.set(record, json);
  }
  return json;
}

function dropForeignLinks<
  T extends {
    service_ref?: string | undefined;
    invoice_ref?: string | undefined;
    transaction_ref?: string | undefined;
  },
>(item: T, partition: Partition): T {
  if (item.service_ref !== undefined && partition.ownedService(item.service_ref) === undefined) {
    delete item.service_ref;
  }
  if (item.invoice_ref !== undefined && partition.invoices.get(item.invoice_ref) === undefined) {
    delete item.invoice_ref;
  }
  if (
    item.transaction_ref !== undefined &&
    partition.transactions.get(item.transaction_ref) === undefined
  ) {
    delete item.transaction_ref;
  }
  return item;
}

/** An invoice as the API shows it. */
export const presentInvoice = (record: InvoiceRecord, partition: Partition): Invoice =>
  dropForeignLinks(recordCodecs.invoices.toJson(record), partition);

/** An order as the API shows it. */
export const presentOrder = (record: OrderRecord, partition: Partition): Order =>
  dropForeignLinks(recordCodecs.orders.toJson(record), partition);

/** A ledger transaction as the API shows it, description redacted. */
export function presentTransaction(record: TransactionRecord, partition: Partition): Transaction {
  const txn = dropForeignLinks(recordCodecs.transactions.toJson(record), partition);
  txn.description = redactDescription(txn.description);
  return txn;
}
