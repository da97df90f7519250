import { z } from 'zod';
import { LIMITS } from './limits';
import { CURSOR_REF_PATTERN } from './refs';
import { CURRENCIES, SERVICE_TYPES, SHIELD_PROFILE_CODES } from './values';

/** An ISO 8601 date-time string (with `Z` or an offset). */
export const DateTime = z.iso.datetime({ offset: true });

/** The three currencies the API knows. */
export const Currency = z.enum(CURRENCIES);

// The enums that modules of several resources share live here, so that a module needing
// one (params.ts, say) does not build another resource's whole module to get it.

/** Service types that can be ordered and filtered in the catalog. */
export const ServiceType = z.enum(SERVICE_TYPES);

/** The four protection profile codes. */
export const ShieldProfileCode = z.enum(SHIELD_PROFILE_CODES);

/** An IPv4 or IPv6 address. */
export const IpAddress = z.union([z.ipv4(), z.ipv6()]);

/** An amount of money in the given currency. */
export const Money = z
  .strictObject({
    /** The amount, in `currency`. */
    amount: z.number(),
    /** The currency of `amount`. */
    currency: Currency,
  })
  .meta({ id: 'Money' });

/** An informational conversion into a display currency; never charged. */
export const DisplayMoney = z
  .strictObject({
    /** The converted amount, in `currency`. */
    amount: z.number(),
    /** The display currency. */
    currency: Currency,
    /** Units of the display currency per one unit of the account currency (greater than 0). */
    rate: z.number().gt(0),
    /** When the rate was taken. */
    as_of: DateTime,
  })
  .meta({ id: 'DisplayMoney' });

/** The pagination block of every list envelope. */
export const Pagination = z
  .strictObject({
    /** The page size asked for (1..100, default 50). */
    limit: z.int().min(LIMITS.pageSizeMin).max(LIMITS.pageSizeMax),
    /** Whether more items follow this page. */
    has_more: z.boolean(),
    /** The `cursor` of the next page: the reference of this page's last item. */
    next_cursor: z.string().regex(CURSOR_REF_PATTERN).optional(),
  })
  .meta({ id: 'Pagination' });

/** Every error body: `{error}` and nothing else. */
export const ErrorBody = z
  .strictObject({
    /** The error code, with the field after a colon for validation errors (`invalid_body: plan_code`). */
    error: z.string(),
  })
  .meta({ id: 'Error' });

/** The 409 body: `{error}` plus the lifecycle `status` that blocked the mutation. */
export const ConflictBody = z
  .strictObject({
    /** The error code, e.g. `service_not_active`. */
    error: z.string(),
    /** The lifecycle status that blocked the mutation, e.g. `suspended`. */
    status: z.string().optional(),
  })
  .meta({ id: 'ConflictError' });

/** A service type of the catalog. */
export type ServiceType = z.infer<typeof ServiceType>;
/** A profile code. */
export type ShieldProfileCode = z.infer<typeof ShieldProfileCode>;
/** An amount in a currency. */
export type Money = z.infer<typeof Money>;
/** An informational conversion into a display currency. */
export type DisplayMoney = z.infer<typeof DisplayMoney>;
/** The pagination block of a list envelope. */
export type Pagination = z.infer<typeof Pagination>;
/** The `{error}` body. */
export type ErrorBody = z.infer<typeof ErrorBody>;
/** The 409 `{error, status?}` body. */
export type ConflictBody = z.infer<typeof ConflictBody>;
