import type { RefClient } from '@refapi/sdk';

/** Sums every invoice in integer cents, fetching pages lazily as the loop advances. */
export async function totalInvoicedCents(client: RefClient): Promise<number> {
  let cents = 0;
  for await (const invoice of client.invoices.list({ limit: 100 })) {
    cents += Math.round(invoice.amount * 100);
  }
  return cents;
}

/** The newest `count` invoice references, stopping early. */
export async function newestInvoiceRefs(client: RefClient, count: number): Promise<string[]> {
  const refs: string[] = [];
  for await (const invoice of client.invoices.list({}, { maxItems: count })) {
    refs.push(invoice.invoice_ref);
  }
  return refs;
}
