import type { RefClient } from '@refapi/sdk';
import { buyServer } from './buy-server';
import { totalInvoicedCents } from './page-invoices';

/** Buys a server with an idempotency key, pages the invoices, and reboots the new server. */
export async function quickstart(client: RefClient, idempotencyKey: string) {
  const order = await buyServer(client, idempotencyKey);
  const cents = await totalInvoicedCents(client);
  console.log(`invoiced so far: ${(cents / 100).toFixed(2)} ${order.balance.currency}`);
  const power = await client.services.power(order.service_ref, 'reboot');
  console.log(`reboot of ${power.service_ref} accepted`);
  return {
    serviceRef: order.service_ref,
    invoicedCents: cents,
    replayed: order.idempotent_replayed,
  };
}
