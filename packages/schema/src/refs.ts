import { z } from 'zod';
import {
  ADDON_REF_PATTERN,
  INVOICE_REF_PATTERN,
  ORDER_REF_PATTERN,
  OS_IMAGE_REF_PATTERN,
  PERIOD_REF_PATTERN,
  PLAN_REF_PATTERN,
  REGION_REF_PATTERN,
  SERVICE_REF_PATTERN,
  TRANSACTION_REF_PATTERN,
} from './ref-patterns';

export { AccountRef } from './account-ref';
export * from './ref-patterns';

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
