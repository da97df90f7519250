import { z } from 'zod';

/** Builds the pattern of a public reference kind, e.g. `REF-INV-1A2B`. */
const refPattern = (kind: string) => new RegExp(`^REF-${kind}-[0-9A-F]+$`);

/** Pattern of an account reference (`REF-ACCT-…`). */
export const ACCOUNT_REF_PATTERN = refPattern('ACCT');
/** Pattern of an invoice reference (`REF-INV-…`). */
export const INVOICE_REF_PATTERN = refPattern('INV');
/** Pattern of an order reference (`REF-ORD-…`). */
export const ORDER_REF_PATTERN = refPattern('ORD');
/** Pattern of a ledger transaction reference (`REF-TXN-…`). */
export const TRANSACTION_REF_PATTERN = refPattern('TXN');
/** Pattern of a service reference (`REF-SVC-…`). */
export const SERVICE_REF_PATTERN = refPattern('SVC');
/** Pattern of a plan reference (`REF-PLAN-…`). */
export const PLAN_REF_PATTERN = refPattern('PLAN');
/** Pattern of an addon reference (`REF-ADDON-…`). */
export const ADDON_REF_PATTERN = refPattern('ADDON');
/** Pattern of an OS image reference (`REF-OS-…`). */
export const OS_IMAGE_REF_PATTERN = refPattern('OS');
/** Pattern of a billing period reference (`REF-PERIOD-…`). */
export const PERIOD_REF_PATTERN = refPattern('PERIOD');
/** Pattern of a region reference (`REF-REGION-…`). */
export const REGION_REF_PATTERN = refPattern('REGION');
/** Pattern of a list cursor: the reference of the last item of the previous page. */
export const CURSOR_REF_PATTERN = /^REF-(INV|ORD|TXN|SVC|PLAN)-[0-9A-F]+$/;

/** An account reference. */
export const AccountRef = z.string().regex(ACCOUNT_REF_PATTERN);
/** An invoice reference. */
export const InvoiceRef = z.string().regex(INVOICE_REF_PATTERN);
/** An order reference. */
export const OrderRef = z.string().regex(ORDER_REF_PATTERN);
/** A ledger transaction reference. */
export const TransactionRef = z.string().regex(TRANSACTION_REF_PATTERN);
/** A service reference. */
export const ServiceRef = z.string().regex(SERVICE_REF_PATTERN);
/** A plan reference. */
export const PlanRef = z.string().regex(PLAN_REF_PATTERN);
/** An addon reference. */
export const AddonRef = z.string().regex(ADDON_REF_PATTERN);
/** An OS image reference. */
export const OsImageRef = z.string().regex(OS_IMAGE_REF_PATTERN);
/** A billing period reference. */
export const PeriodRef = z.string().regex(PERIOD_REF_PATTERN);
/** A region reference. */
export const RegionRef = z.string().regex(REGION_REF_PATTERN);
/** A Shield rule identifier (UUID). */
export const RuleId = z.uuid();
