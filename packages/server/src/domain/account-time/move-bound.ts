// How many events moving the clock can apply (reference spec, section 9): a move applies
// every event due on the way, one by one, and each keeps its records. A move of thousands
// of years over a large balance would keep millions of them (the process ran out of
// memory), so a move is bounded before it is made: by what could fall due on the way if
// every renewal were paid, counted from the records alone, as the catch-up would apply it.
import { addMonths } from '../calendar';
import { DomainError } from '../errors';
import type { AccountRecord, ServiceRecord } from '../records';
import { SUSPENSION_DAYS, serviceDue, shieldDue } from './due';
import { periodMonths } from './renewal-price';
import { termDay } from './term';

/**
 * The most events one move of the clock may apply: the scale of the spec's cost line
 * ("applying 100,000 due events takes at most 1 s in process"). A move that could apply
 * more is refused whole, before any part of it is made; a scenario that would load with
 * more already due is refused too.
 */
export const MAX_EVENTS_PER_CLOCK_MOVE = 100_000;

const SUSPENSION_MS = SUSPENSION_DAYS * 86_400_000;

/** 409 `clock_limit_reached` for a move that could apply more than {@link MAX_EVENTS_PER_CLOCK_MOVE} events. */
export const tooManyClockEvents = (): DomainError =>
  new DomainError(
    409,
    `clock_limit_reached: the move could apply more than ${MAX_EVENTS_PER_CLOCK_MOVE} events; move the clock in smaller steps`,
  );

/**
 * At most how many events `service` can have fall due by `toMs`: with auto-renew while
 * active, one at each end of its term up to `toMs` (calendar months on its term's day, as
 * renewals move `expires_at`), and the expiry of a suspension by an unpaid last renewal
 * when that falls by `toMs` too; else one (an expiry), or none when nothing is due by then.
 * Counts no further than past `limit`: O(limit) at most.
 */
export function serviceEventsBy(
  service: ServiceRecord,
  toMs: number,
  limit: number = MAX_EVENTS_PER_CLOCK_MOVE,
): number {
  const due = serviceDue(service);
  if (due === undefined || !(due.dueMs <= toMs)) return 0;
  // An expiry, or a renewal of a period in no months (it cannot renew: it expires).
  const months = due.kind === 'service_renewal' ? periodMonths(service) : undefined;
  if (months === undefined) return 1;
  const day = termDay(service, due.dueMs);
  let count = 0;
  let endMs = due.dueMs;
  let lastMs = endMs;
  while (endMs <= toMs) {
    count++;
    if (count > limit) return count;
    lastMs = endMs;
    const nextMs = addMonths(endMs, months, day);
    // Past what a date holds: no further end by `toMs`.
    if (Number.isNaN(nextMs)) break;
    // A term that does not end later would renew at the same instant again and again.
    if (nextMs <= endMs) return limit + 1;
    endMs = nextMs;
  }
  // A suspension ends a chain early: N renewals at most, or N-1 and a suspension that
  // expires 7 days after the last end, when that is by `toMs` too.
  return lastMs + SUSPENSION_MS <= toMs ? count + 1 : count;
}

/** The end of an account's Shield grace period, when it falls by `toMs`: one event, or none. */
export function shieldEventsBy(account: Pick<AccountRecord, 'shield'>, toMs: number): number {
  const due = shieldDue(account);
  return due !== undefined && due.dueMs <= toMs ? 1 : 0;
}
