import { Invoice, Order, Transaction } from '@refapi/schema/billing';
import { Plan } from '@refapi/schema/plans';
import { Service } from '@refapi/schema/services';
import { ShieldEvidenceItem, ShieldRule, ShieldTelemetryItem } from '@refapi/schema/shield';
import type { View } from '../output/view';

// Default table columns per resource; `fields` come from the contract so `--columns`
// accepts exactly what the API returns.

/** Invoices. */
export const invoiceView: View = {
  columns: ['invoice_ref', 'issue_date', 'kind', 'status', 'amount', 'currency'],
  fields: Object.keys(Invoice.shape),
};

/** Orders. */
export const orderView: View = {
  columns: ['order_ref', 'created_at', 'order_type', 'status', 'amount', 'currency', 'service_ref'],
  fields: Object.keys(Order.shape),
};

/** Ledger transactions. */
export const transactionView: View = {
  columns: ['transaction_ref', 'created_at', 'kind', 'method', 'status', 'amount', 'currency'],
  fields: Object.keys(Transaction.shape),
};

/** Services (open: the API may add fields). */
export const serviceView: View = {
  columns: [
    'service_ref',
    'name',
    'type',
    'status',
    'service_plan_name',
    'primary_ip',
    'auto_renew',
    'expires_at',
  ],
  fields: Object.keys(Service.shape),
  open: true,
};

/** Plans (open), with the account price under short names and the stock. */
export const planView: View = {
  columns: ['plan_ref', 'code', 'name', 'service_type', 'price', 'currency', 'in_stock'],
  fields: Object.keys(Plan.shape),
  aliases: [
    { id: 'price', path: 'account_price.final' },
    { id: 'currency', path: 'account_price.currency' },
  ],
  open: true,
};

/**
 * Shield rules, as `listedRules` shapes them for tables: the API's fields, and the `name`,
 * `mode`, `action` and `match` refctl sent for the rules it created (absent for others; the
 * emergency rule's name is `provider emergency rule`, a preset rule's its code and version).
 * The `kind` tells the rest apart: a profile's rules have no name the API gives.
 */
export const ruleView: View = {
  columns: ['id', 'name', 'kind', 'mode', 'action', 'match', 'state', 'updated_at'],
  fields: [...Object.keys(ShieldRule.shape), 'name', 'mode', 'action', 'match'],
  json: Object.keys(ShieldRule.shape),
};

/** Telemetry rows (traffic and protection activity). */
export const telemetryItemView: View = {
  columns: ['key', 'packets', 'bytes', 'samples'],
  fields: Object.keys(ShieldTelemetryItem.shape),
};

/** Evidence samples. */
export const evidenceView: View = {
  columns: [
    'observed_at',
    'action',
    'protocol',
    'source_address',
    'source_port',
    'destination_port',
    'packet_length',
  ],
  fields: Object.keys(ShieldEvidenceItem.shape),
};
