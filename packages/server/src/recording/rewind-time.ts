import { SUSPENSION_DAYS } from '../domain/account-time/due';
import { dayOfMonth } from '../domain/calendar';
import { amountCents } from './recording-format';

// What the account's own time did during a recording, taken back (reference spec, section 9).
// A record first seen after a due event shows what the event made of it: a service renewed,
// suspended or expired, a renewal invoice cancelled. The scenario of the account before the
// first exchange must hold it as it was, so that the replay's clock applies the event again
// at its due time. Only what the recording proves is taken back: a renewal invoice issued
// during the recording (issued at its service's due time, as the server stamps it), a term
// that ended within the recording, an unpaid renewal cancelled seven days after or settled
// by a top-up (paid later than billed).

type Json = Record<string, unknown>;

/** How long a service suspended by an unpaid renewal stays so before it expires. */
export const SUSPENSION_MS = SUSPENSION_DAYS * 86_400_000;

/** The epoch ms of an ISO time; undefined when it is not one. */
export const timeOf = (value: unknown): number | undefined => {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
};

/** Renewal invoices (the clock's) of each service, by service ref, oldest first. */
export function renewalsByService(invoices: Iterable<Json>): Map<string, Json[]> {
  const byService = new Map<string, Json[]>();
  for (const invoice of invoices) {
    if (invoice.kind !== 'service_renewal' || typeof invoice.service_ref !== 'string') continue;
    if (timeOf(invoice.issue_date) === undefined) continue;
    const list = byService.get(invoice.service_ref) ?? [];
    list.push(invoice);
    byService.set(invoice.service_ref, list);
  }
  for (const list of byService.values()) {
    list.sort((a, b) => (timeOf(a.issue_date) as number) - (timeOf(b.issue_date) as number));
  }
  return byService;
}

/** A view of a service whose status differed from the view before it. */
export interface StatusView {
  /** The upstream time of the view. */
  readonly at: number;
  readonly status: string;
  readonly expires_at: unknown;
}

/** When time gave a service the status a view shows: its term's end, or 7 days after it. */
function dueOf(view: StatusView, renewals: readonly Json[]): number | undefined {
  const expiresMs = timeOf(view.expires_at);
  if (expiresMs === undefined) return undefined;
  if (view.status === 'suspended') return expiresMs;
  if (view.status !== 'expired') return undefined;
  const billed = renewals.some((invoice) => timeOf(invoice.issue_date) === expiresMs);
  return billed ? expiresMs + SUSPENSION_MS : expiresMs;
}

/**
 * A service's status at `atMs`: `startStatus` (at the recording's start) until the first
 * view that showed another, from the moment time made that change (its due time when it fell
 * between the views, else the view's time).
 */
export function statusAt(
  startStatus: string,
  views: readonly StatusView[],
  renewals: readonly Json[],
  atMs: number,
): string {
  let status = startStatus;
  let previousAt = Number.NEGATIVE_INFINITY;
  for (const view of views) {
    if (view.status !== status) {
      const due = dueOf(view, renewals);
      const changedAt = due !== undefined && due > previousAt && due <= view.at ? due : view.at;
      if (changedAt > atMs) return status;
      status = view.status;
    }
    previousAt = view.at;
  }
  return status;
}

/** What a recording tells of the end of a service's term besides the service's views. */
export interface TermEvidence {
  /** Whether auto-renew was on at its term's end (the recording may have switched it). */
  readonly autoRenewAtEnd: boolean;
  /** When a page of active services first left it out, if one did. */
  readonly leftOutOfActiveAt?: number | undefined;
  /** When a page of suspended services first left it out, if one did. */
  readonly leftOutOfSuspendedAt?: number | undefined;
  /** When a 2xx answer first proved it active (a power action, a new Shield rule), if one did. */
  readonly activeAt?: number | undefined;
  /**
   * Whether a monthly term could have renewed, unlisted, between the start and the term end
   * shown: the one running at the start was then another, ended active.
   */
  readonly renewableBefore?: boolean;
  /** When a 2xx write first proved it had not ended (an auto-renew switch too), if one did. */
  readonly openAt?: number | undefined;
  /** When a 409 answer to a write first showed it suspended, if one did. */
  readonly suspendedAt?: number | undefined;
  /**
   * Whether it did not renew at its term's end though its plan was sold: invoices listed
   * after it showed no renewal billed. It was not active then.
   */
  readonly unrenewed?: boolean;
}

/** A service as it was at the start, and the other statuses it may have had then. */
export interface ServiceAtStart {
  readonly service: Json;
  /**
   * Where the status is a guess the recording cannot settle: the other statuses it allows
   * (a services stats answer may settle it). Empty where the recording tells.
   */
  readonly otherStatuses: readonly string[];
}

/**
 * `service` (first seen at `seenMs`) as it was at `startMs`. `renewals`: its renewal
 * invoices, oldest first; `days`: the days of the month its `expires_at` showed anywhere in
 * the recording (a term begun on the 31st shows 28 in February, then 31 again); `term`:
 * what else the recording tells of its term's end.
 */
export function serviceAtStart(
  service: Json,
  seenMs: number,
  startMs: number,
  renewals: readonly Json[],
  days: ReadonlySet<number>,
  term: TermEvidence = { autoRenewAtEnd: service.auto_renew === true },
): ServiceAtStart {
  const status = String(service.status);
  const expiresMs = timeOf(service.expires_at);
  const within = (ms: number | undefined) => ms !== undefined && ms >= startMs && ms <= seenMs;
  const issued = (invoice: Json) => timeOf(invoice.issue_date) as number;
  const before: Json = { ...service };
  const otherStatuses: string[] = [];
  // The unpaid renewal its term's end billed: the service expires seven days after it.
  const billedAtEnd = renewals.find((invoice) => issued(invoice) === expiresMs);
  const firstRenewal = renewals.find((invoice) => within(issued(invoice)));
  // A renewal billed before the recording and settled by a top-up during it, or shown unpaid
  // and due after the start (settled, if at all, after it was listed): the service was
  // suspended by it until then, its term ending when it was billed (as the view shows, when
  // it shows that suspension).
  const unpaid = suspendingRenewal(renewals, String(service.service_ref), startMs);
  const settled =
    renewals.find(
      (invoice) => issued(invoice) < startMs && settledWithin(invoice, startMs, seenMs),
    ) ?? (unpaid !== undefined && issued(unpaid) !== expiresMs ? unpaid : undefined);
  if (settled !== undefined) {
    Object.assign(before, {
      status: 'suspended',
      // The view's own text when it shows that suspension (the same instant, as written).
      expires_at: expiresMs === issued(settled) ? service.expires_at : settled.issue_date,
      renewal_invoice_ref: settled.invoice_ref,
    });
  } else if (firstRenewal !== undefined) {
    // A renewal (paid or not) came due during the recording: the term then running ended
    // at its issue time, and the service had auto-renew on.
    // (The view's own text when it is that moment: a suspension leaves it as it was.)
    Object.assign(before, {
      status: 'active',
      auto_renew: true,
      expires_at: issued(firstRenewal) === expiresMs ? service.expires_at : firstRenewal.issue_date,
    });
  } else if (status === 'suspended' && within(expiresMs)) {
    // Time suspends only by billing a renewal at the term's end: active until then.
    before.status = 'active';
  } else if (status === 'expired' && within(expiresMs)) {
    // Expired at its term's end with nothing billed then: without auto-renew it was active,
    // unless a page of active services left it out before; with it on, it could not renew
    // (suspended, or its plan no longer sold), and a suspended service ends there just so,
    // charging nothing: an active one would renew in the replay. Active all the same when
    // an answer proved it so during that term (its plan was no longer sold), or when a
    // monthly term could have renewed, unlisted, before the one shown (then what follows the
    // first such renewal is set apart: drift's `unknownTermEnd`).
    const {
      autoRenewAtEnd,
      leftOutOfActiveAt,
      leftOutOfSuspendedAt,
      activeAt,
      renewableBefore = false,
      openAt,
      unrenewed = false,
    } = term;
    const beforeTermEnd = (ms: number | undefined) =>
      ms !== undefined && ms < (expiresMs as number);
    // The renewal that began the term, paid when billed: active from then (time suspends a
    // service only at a term's end).
    const began = renewals.findLast((invoice) => issued(invoice) < (expiresMs as number));
    const paidTerm = began?.status === 'paid' && timeOf(began.paid_at) === issued(began);
    const provedActive = beforeTermEnd(activeAt) || paidTerm;
    // A page of suspended services that left it out in the term: it was not suspended.
    const notSuspended = beforeTermEnd(leftOutOfSuspendedAt) || paidTerm;
    const suspended =
      !notSuspended &&
      ((autoRenewAtEnd && !renewableBefore && !provedActive) || beforeTermEnd(leftOutOfActiveAt));
    before.status = suspended ? 'suspended' : 'active';
    // What else the recording allows: suspended unless proved active in the term or left out
    // of suspended services; active where that guess is suspended only for want of a renewal
    // (the upstream may not have renewed it: a renewal unlisted, its plan no longer sold),
    // not when left out of active services or shown unrenewed; expired already (an early
    // end) unless a write went through first.
    if (!suspended && !provedActive && !notSuspended) otherStatuses.push('suspended');
    if (suspended && !unrenewed && !beforeTermEnd(leftOutOfActiveAt)) otherStatuses.push('active');
    if (!(openAt !== undefined && openAt <= seenMs)) otherStatuses.push('expired');
  } else if (
    status === 'expired' &&
    expiresMs !== undefined &&
    expiresMs < startMs &&
    within(expiresMs + SUSPENSION_MS) &&
    // Its renewal listed unpaid, or an answer showed it suspended after its term's end, or a
    // write on it went through after that end: only a renewal billed then and left unpaid
    // keeps a service alive (suspended) past it.
    (billedAtEnd !== undefined ||
      (term.suspendedAt !== undefined && term.suspendedAt > expiresMs) ||
      (term.openAt !== undefined && term.openAt > expiresMs && term.openAt <= seenMs))
  ) {
    // Suspended by a renewal billed before the recording, expired during it.
    before.status = 'suspended';
  } else if (
    status === 'expired' &&
    term.autoRenewAtEnd &&
    expiresMs !== undefined &&
    expiresMs < startMs &&
    within(expiresMs + SUSPENSION_MS)
  ) {
    // Expired seven days after its term's end, its renewal unpaid, or at that end (its plan
    // no longer sold): the recording cannot tell which, a services stats answer may.
    otherStatuses.push('suspended');
  }
  // A suspended service expires seven days after the renewal that suspended it: the server
  // keeps that invoice's ref on the service (never shown), so the scenario names it.
  if (
    before.status === 'suspended' &&
    before.renewal_invoice_ref === undefined &&
    billedAtEnd !== undefined
  ) {
    before.renewal_invoice_ref = billedAtEnd.invoice_ref;
  }
  // Renewals keep the day the term began on; a clamped month shows a smaller one.
  const startExpires = timeOf(before.expires_at);
  if (startExpires !== undefined) {
    const termDay = Math.max(dayOfMonth(startExpires), ...days);
    if (termDay > dayOfMonth(startExpires)) before.term_day = termDay;
  }
  return { service: before, otherStatuses };
}

/**
 * `invoice` (first seen at `seenMs`) as it was at `startMs`: a renewal invoice that time
 * cancelled in between (its due date, seven days after it was billed), or that a top-up
 * settled in between (paid later than billed), was unpaid then.
 */
export function invoiceAtStart(invoice: Json, seenMs: number, startMs: number): Json {
  if (invoice.kind !== 'service_renewal') return invoice;
  const within = (ms: number | undefined) => ms !== undefined && ms >= startMs && ms <= seenMs;
  const cancelled = invoice.status === 'cancelled' && within(timeOf(invoice.due_date));
  if (!cancelled && !settledWithin(invoice, startMs, seenMs)) return invoice;
  const { paid_at: _, ...unpaid } = invoice;
  return { ...unpaid, status: 'unpaid', customer_payable: true };
}

/**
 * The renewal invoice of `serviceRef` that held it suspended at `startMs`: one time billed
 * (due seven days after its issue, as the clock's renewals are) before then, unpaid and due
 * after it (`invoices` as they were at the start). Time keeps its own renewal unpaid only
 * while the service it suspended is so, and ends both at its due date. A renewal due at
 * another time is not the clock's (a scenario's own): it tells nothing of its service.
 */
export function suspendingRenewal(
  invoices: Iterable<Json>,
  serviceRef: string,
  startMs: number,
): Json | undefined {
  for (const invoice of invoices) {
    if (invoice.kind !== 'service_renewal' || invoice.service_ref !== serviceRef) continue;
    const [issued, due] = [timeOf(invoice.issue_date), timeOf(invoice.due_date)];
    const open = invoice.status === 'unpaid' && issued !== undefined && due !== undefined;
    if (open && due === issued + SUSPENSION_MS && issued <= startMs && due > startMs) {
      return invoice;
    }
  }
  return undefined;
}

/** A renewal billed unpaid and paid later by a top-up, between `fromMs` and `toMs`. */
function settledWithin(invoice: Json, fromMs: number, toMs: number): boolean {
  const paid = timeOf(invoice.paid_at);
  return (
    invoice.status === 'paid' &&
    paid !== undefined &&
    paid !== timeOf(invoice.issue_date) &&
    paid >= fromMs &&
    paid <= toMs
  );
}

/**
 * Cents to add to a balance seen at `untilMs` for the balance at `startMs`: what renewals
 * took in between (a paid renewal invoice, paid when billed or settled later), less the
 * top-ups that came in (`top_up` transactions).
 */
export function balanceChangesCents(
  invoices: Iterable<Json>,
  topUps: Iterable<Json>,
  startMs: number,
  untilMs: number,
): number {
  const between = (ms: number | undefined) => ms !== undefined && ms >= startMs && ms <= untilMs;
  let cents = 0;
  for (const invoice of invoices) {
    if (invoice.kind !== 'service_renewal' || invoice.status !== 'paid') continue;
    if (between(timeOf(invoice.paid_at))) cents += amountCents(invoice.amount) ?? 0;
  }
  for (const topUp of topUps) {
    if (between(timeOf(topUp.created_at))) cents -= amountCents(topUp.amount) ?? 0;
  }
  return cents;
}
