import { z } from 'zod';
import { LIMITS } from './limits';
import { CURSOR_REF_PATTERN } from './refs';
import { CURRENCIES, SERVICE_TYPES, SHIELD_PROFILE_CODES } from './values';

// Declaration output: each object schema is typed `z.ZodObject<typeof shape, …>` over a named
// shape, and a nested schema is asserted to its own type (`X as typeof X`), so that the
// published .d.ts names them; inferred, they are written out inline without the fields' doc
// comments, which an editor then cannot show.

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

const moneyShape = {
  /** The amount, in `currency`. */
  amount: z.number(),
  /** The currency of `amount`. */
  currency: Currency,
};

/** An amount of money in the given currency. */
export const Money: z.ZodObject<typeof moneyShape, z.core.$strict> = z
  .strictObject(moneyShape)
  .meta({ id: 'Money' });

const displayMoneyShape = {
  /** The converted amount, in `currency`. */
  amount: z.number(),
  /** The display currency. */
  currency: Currency,
  /** Units of the display currency per one unit of the account currency (greater than 0). */
  rate: z.number().gt(0),
  /** When the rate was taken. */
  as_of: DateTime,
};

/** An informational conversion into a display currency; never charged. */
export const DisplayMoney: z.ZodObject<typeof displayMoneyShape, z.core.$strict> = z
  .strictObject(displayMoneyShape)
  .meta({ id: 'DisplayMoney' });

const paginationShape = {
  /** The page size asked for (1..100, default 50). */
  limit: z.int().min(LIMITS.pageSizeMin).max(LIMITS.pageSizeMax),
  /** Whether more items follow this page. */
  has_more: z.boolean(),
  /** The `cursor` of the next page: the reference of this page's last item. */
  next_cursor: z.string().regex(CURSOR_REF_PATTERN).optional(),
};

/** The pagination block of every list envelope. */
export const Pagination: z.ZodObject<typeof paginationShape, z.core.$strict> = z
  .strictObject(paginationShape)
  .meta({ id: 'Pagination' });

const errorBodyShape = {
  /** The error code, with the field after a colon for validation errors (`invalid_body: plan_code`). */
  error: z.string(),
};

/** Every error body: `{error}` and nothing else. */
export const ErrorBody: z.ZodObject<typeof errorBodyShape, z.core.$strict> = z
  .strictObject(errorBodyShape)
  .meta({ id: 'Error' });

const conflictBodyShape = {
  /** The error code, e.g. `service_not_active`. */
  error: z.string(),
  /** The lifecycle status that blocked the mutation, e.g. `suspended`. */
  status: z.string().optional(),
};

/** The 409 body: `{error}` plus the lifecycle `status` that blocked the mutation. */
export const ConflictBody: z.ZodObject<typeof conflictBodyShape, z.core.$strict> = z
  .strictObject(conflictBodyShape)
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
