import type { ErrorCode } from '@refapi/schema';
import type { ShieldState } from './state';

/** Why a Shield command was refused; the operations layer maps it to 404, 409 or 422. */
export type ShieldRefusal =
  | { readonly kind: 'not_found'; readonly error: ErrorCode }
  | { readonly kind: 'unprocessable'; readonly error: ErrorCode }
  | { readonly kind: 'conflict'; readonly error: ErrorCode; readonly status: string };

/** A command either yields the new state and its result, or a refusal with nothing changed. */
export type ShieldOutcome<T> =
  | { readonly ok: true; readonly state: ShieldState; readonly value: T }
  | { readonly ok: false; readonly refusal: ShieldRefusal };

/** The 409 error code of every exceeded quota; the quota's name goes into `status`. */
export const QUOTA_EXCEEDED: ErrorCode = 'shield_quota_exceeded';

/** Wraps a successful command result. */
export const accepted = <T>(state: ShieldState, value: T): ShieldOutcome<T> => ({
  ok: true,
  state,
  value,
});

/** Wraps a refusal. */
export const refused = <T>(refusal: ShieldRefusal): ShieldOutcome<T> => ({ ok: false, refusal });
