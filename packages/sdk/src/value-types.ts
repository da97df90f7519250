import type { Invoice, Order, Service, ShieldRule, Transaction } from '@refapi/schema';

// The value sets the spec leaves open, named: each lists the values the reference server
// uses (an editor completes them, `===` narrows) and accepts any other string a newer
// server sends (`OpenEnum` of @refapi/schema).

/** A service status: `active`, `suspended`, `cancelled`, `expired`, or a newer one. */
export type ServiceStatus = Service['status'];
/** A service type: `kvm`, `dedicated` …, or a newer one. */
export type ServiceTypeName = Service['type'];
/** A KVM power state: `running`, `stopped`, or a newer one. */
export type PowerState = Exclude<Service['power_state'], undefined>;
/** An order status: `completed`, or a newer one. */
export type OrderStatus = Order['status'];
/** An invoice status: `paid`, `unpaid`, `cancelled`, or a newer one. */
export type InvoiceStatus = Invoice['status'];
/** An invoice kind: `service_order`, `service_renewal`, or a newer one. */
export type InvoiceKind = Invoice['kind'];
/** A ledger transaction kind: `top_up`, `service_order`, `service_renewal`, or a newer one. */
export type TransactionKind = Transaction['kind'];
/** A Shield rule state: `queued`, `applying`, `active`, `failed`, `rolling_back`, or a newer one. */
export type ShieldRuleState = ShieldRule['state'];
