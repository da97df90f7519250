// The patterns of the public references, without zod: `account-ref.ts` builds the one schema
// `GET /me` needs from them, `refs.ts` the others.

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
