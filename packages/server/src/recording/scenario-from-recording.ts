import {
  CreateOrderRequest,
  operations,
  Plan,
  priceOrder,
  SCOPES,
  SERVICE_TYPES,
} from '@refapi/schema';
import type { z } from 'zod';
import { periodMonths } from '../domain/account-time/renewal-price';
import { addMonths, dayOfMonth } from '../domain/calendar';
import { applyRate } from '../domain/money';
import type { ServiceRecord } from '../domain/records';
import { compareRefs, formatRef, refValue } from '../domain/refs';
import { infrastructureRuleId } from '../domain/shield/infrastructure-rule';
import type { ShieldSnapshot } from '../domain/shield/snapshot';
import { formatIssuePath } from '../internal/issue-path';
import { findUnsafeText } from '../scenario/scenario-text';
import { ScenarioAccount, type ScenarioInput, ScenarioPlan } from '../scenario/schema';
import { parseScenario, ScenarioError } from '../scenario/validate';
import { inferPlans, NEVER_AFFORDED_EUR } from './infer-plans';
import {
  amountCents,
  badBase64,
  isJsonObject,
  jsonBody,
  type RecordedExchange,
  RecordingError,
  readRecording,
  type SkippedLine,
  type UnreadableRest,
} from './recording-format';
import { ReplayedWrites } from './replayed-writes';
import {
  balanceChangesCents,
  invoiceAtStart,
  renewalsByService,
  type ServiceAtStart,
  type StatusView,
  SUSPENSION_MS,
  serviceAtStart,
  statusAt,
  suspendingRenewal,
  timeOf,
} from './rewind-time';
import {
  CLOCK_MOVED_MS,
  type ClockJump,
  ClockJumps,
  DATE_RESOLUTION_MS,
  dateAgrees,
  dateOf,
  statedTime,
} from './upstream-clock';

// The scenario of `ref-server scenario --from-recording`: the account as it was before the
// recording's first exchange. One streaming pass keeps the first view of each record (by
// ref) and what the recording's own writes did; the end takes those writes back out. What
// it holds grows with the account (its distinct records), never with the recording.
//
// Defaults for what a recording never shows (the README lists them): rates 1 / 1.08 / 0.86;
// plan prices converted back to EUR by those rates; addon prices 0 unless the catalog shows
// `monthly_net`; plan stock unlimited, unless an answer showed the plan out of stock (listed
// `in_stock: false`, an order refused `out_of_stock`): then the orders the recording placed
// of it before; regions sell to the
// account's country; a period's months from `months`, else from its name (monthly 1,
// quarterly 3, semiannual 6, yearly/annual 12, biennial 24, else 1); VAT from the catalog's
// `vat_rate`, else the first invoice's, else the one its prices imply (final over base); billing profile complete; no Shield subscription
// unless a Shield answer showed the entitlement; one API key with every scope.

/** The token the scenario gives the recording's key (a recording never holds the real one). */
export const PLACEHOLDER_TOKEN = 'refak_recorded_key';

/** Account ref of the scenario when the recording never called GET /me. */
const DEFAULT_ACCOUNT_REF = 'REF-ACCT-0';

/** Hardware figures a plan gives the services ordered from it. */
const SPEC_FIELDS = ['cores', 'ram_gb', 'disk_gb', 'bandwidth_mbps'] as const;

const DEFAULT_RATES = { EUR: 1, USD: 1.08, GBP: 0.86 } as const;

type Json = Record<string, unknown>;

/** A scenario rebuilt from a recording, with what the reader should know about it. */
export interface RecordedScenario {
  /** Validated by the server's scenario schema; loads with POST /__admin/scenario. */
  readonly scenario: ScenarioInput;
  /** One line each: what the recording could not tell and was defaulted or left out. */
  readonly notes: readonly string[];
  /** Where the upstream's clock jumped with exchanges between that state no time. */
  readonly clockJumps: readonly ClockJump[];
  /**
   * Whether the first answer that stated the upstream's time had a `Date` header agreeing
   * with it: the upstream's `Date` follows its clock, and places the answers before it too.
   */
  readonly dateFollowsClock: boolean;
  /**
   * Top-ups that came in during the recording (`top_up` transactions it listed), in the order
   * they came; `after`: the seq of the last exchange the top-up came after (an order, a page
   * of transactions, a balance read: see `topUpsDuring`); `listed`: the seq of the first page
   * of transactions that listed it, which it came before.
   */
  readonly topUps: readonly {
    readonly at: string;
    readonly amount: number;
    readonly after?: number;
    readonly listed?: number;
  }[];
  /**
   * The references the upstream gave the records made during the recording (the services
   * its orders created, the orders, invoices and transactions it listed as made then).
   */
  readonly mintedRefs: readonly string[];
  /**
   * The first order whose charge the recording never showed (nor the catalog before it), when
   * the balance before the recording follows from it: from it on, the balance is unknown.
   */
  readonly unknownBalanceFrom?: { readonly seq: number; readonly service_ref: string };
  /**
   * The first answer that showed the balance (its seq and upstream time): the balance before
   * the recording is rewound from it, less the top-ups the ledger listed before it. Money no
   * answer showed that came in before it would make the rewound balance too high until then.
   */
  readonly balanceFrom?: { readonly seq: number; readonly at: number };
  /**
   * The runs of unfiltered GET /transactions pages, each from a first page on (a page asked
   * with the cursor the last one ended on continues it): the seq of the first page and the
   * time of the last transaction it listed (`since`; absent when it reached the very first).
   * Money that came in after that time shows there, and the replay makes it.
   */
  readonly ledgerRuns: readonly { readonly seq: number; readonly since?: number }[];
  /**
   * The upstream times of the runs of unfiltered GET /invoices pages that reached the very
   * first invoice: each listed every invoice billed by then.
   */
  readonly invoicesListedAt: readonly number[];
  /**
   * Whether a run of unfiltered GET /services pages listed every service, from the first
   * page to the last: the replay then has every service that could renew.
   */
  readonly servicesListed: boolean;
  /**
   * Scopes some answers proved the key held (2xx) and others refused (403
   * `insufficient_scope`): the recording used several keys of the account, and keeps none of
   * them, so which one sent what it cannot tell. The scenario's key holds them.
   */
  readonly scopesOfSeveralKeys: readonly string[];
  /**
   * Accounts other than the scenario's that GET /me answers named (at most 100): the
   * recording used keys of several accounts, and keeps none of them, so which exchange was
   * whose it cannot tell; only the first account is modelled. Absent when there was one.
   */
  readonly otherAccounts?: readonly string[];
  /**
   * The first term that ended during the recording, of a service first shown after it no
   * longer active, with no renewal billed then in what the recording listed: whether it
   * renewed, was suspended or ended there, the recording cannot tell. `from`: the first time
   * after the recording's start a monthly term ending then may have ended before (renewals
   * of it none listed), when earlier than `at`.
   */
  readonly unknownTermEnd?: {
    readonly at: string;
    readonly service_ref: string;
    readonly from?: string;
  };
  /**
   * The first term end during the recording of a service with auto-renew on whose plan the
   * recording never showed (no catalog page of its type, no renewal of it): the replay cannot
   * renew it; whether the upstream did, and for how much, the recording cannot tell.
   */
  readonly unpricedTermEnd?: { readonly at: string; readonly service_ref: string };
  /**
   * The first time a renewal no answer listed may have come (`from`; `at`: the last such
   * time before its first view) that would have begun the term a service was first shown
   * active in (see `renewedUnlisted`): whether its term at the start was that short, the
   * recording cannot tell, and the replay renews it only at the end of the term shown.
   */
  readonly unlistedRenewal?: {
    readonly at: string;
    readonly from: string;
    readonly service_ref: string;
  };
  /**
   * The first renewal time billed during the recording for a service it never showed: from
   * then on the account's money and ledger follow a schedule the recording cannot tell.
   */
  readonly unseenRenewal?: {
    readonly at: string;
    readonly invoice_ref: string;
    readonly service_ref: string;
  };
  /**
   * Services whose course after the first GET /services/stats (`seq`, upstream time `at`;
   * without stats, seq 0 and the recording's start) the replay cannot follow once time
   * passes `at`. Alive then, with no term an answer showed (they never end in the replay):
   * `unnamed` only counted by the stats, `termless` only named (by a link, a Shield call or
   * a write). `open`: services whose status at the start the stats left open among several
   * (the first seen took the one they counted; upstream, another may have had it).
   */
  readonly unsettled?: {
    readonly unnamed: number;
    readonly termless: readonly string[];
    readonly open: readonly string[];
    readonly seq: number;
    readonly at: number;
  };
  /**
   * The first GET /services/stats (its seq and upstream time) and the services whose status
   * there only its counts chose: never shown, each took a status the counts had room for once
   * the services shown took theirs. Which room is left depends on how time ended the terms of
   * the services shown (renewed, suspended or expired: the balance decides, which the rewind
   * does not follow), so `drift` gives them what its replay leaves. `notActive`: a page of
   * active services left it out; `named`: named by an answer or below a page's cursor, so
   * `unsettled.termless` names it while alive (else `unsettled.unnamed` counts it).
   */
  readonly countedStatuses?: {
    readonly seq: number;
    readonly at: number;
    readonly services: readonly CountedStatus[];
  };
  /**
   * The first service never listed that an answer showed alive (`aliveSeq`: a write, a read of
   * its dataplane) and a later one ended (a 409 showing `status`, or a page of active services
   * leaving it out, at `seq`): its term ended in between, when the recording cannot tell.
   * `alive: 'suspended'`: a 409 showed it suspended at `aliveSeq`, and its suspension ran out;
   * `'counted'`: the first GET /services/stats at `aliveSeq` had no room for it expired.
   */
  readonly endedUnseen?: {
    readonly service_ref: string;
    readonly aliveSeq: number;
    readonly seq: number;
    readonly status: string;
    readonly alive?: 'suspended' | 'counted';
  };
}

/** Whether a service of `status` is alive: time may still end it (active or suspended). */
export const isAlive = (status: unknown): boolean => status === 'active' || status === 'suspended';

/** A service whose status only the first stats' counts chose (see {@link RecordedScenario.countedStatuses}). */
export interface CountedStatus {
  readonly ref: string;
  readonly notActive: boolean;
  readonly named: boolean;
}

const fromCents = (cents: number): number => cents / 100;

function monthsOf(period: Json): number {
  if (typeof period.months === 'number' && Number.isInteger(period.months)) return period.months;
  const name = String(period.name ?? '').toLowerCase();
  if (name.includes('quarter')) return 3;
  if (name.includes('semi') || name.includes('half')) return 6;
  if (name.includes('bienn') || name.includes('two-year')) return 24;
  if (name.includes('year') || name.includes('annual')) return 12;
  return 1;
}

/** Rates keep six decimals, as the server's cross rates do. */
const sixDecimals = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The scenario's rates (units per EUR) that reproduce the display rates a balance showed
 * (units of each display currency per unit of `currency`), the defaults where none showed.
 */
function ratesShown(
  currency: string,
  shown: ReadonlyMap<string, number>,
): Record<keyof typeof DEFAULT_RATES, number> {
  const rates: Record<string, number> = { ...DEFAULT_RATES };
  if (!(currency in rates)) return rates as Record<keyof typeof DEFAULT_RATES, number>;
  // Per EUR, the account's currency: shown directly, or as EUR per unit of it.
  if (currency !== 'EUR') {
    const eurPerUnit = shown.get('EUR');
    if (eurPerUnit !== undefined) rates[currency] = sixDecimals(1 / eurPerUnit);
  }
  const unitsPerEur = rates[currency] as number;
  for (const [code, rate] of shown) {
    if (code !== 'EUR' && code !== currency) rates[code] = sixDecimals(rate * unitsPerEur);
  }
  return rates as Record<keyof typeof DEFAULT_RATES, number>;
}

/** What one pass over a recording saw. */
class Observations {
  account: Json | undefined;
  firstBalance: { seq: number; at: number; cents: number; currency: string } | undefined;
  /** The last balance an answer showed (a balance read, an order's), and when. */
  lastBalance: { seq: number; at: number; cents: number } | undefined;
  /**
   * Balance reads (`to`) at the upstream time of the balance answer before them (`from`):
   * what came in between (`gainedCents`) is what top-ups brought, no renewal or order
   * (capped at {@link MAX_PAGE_SPANS}).
   */
  readonly balanceReads: { from: number; to: number; at: number; gainedCents: number }[] = [];
  /**
   * What the recording's orders charged by the balances around them, by service ref: the
   * balance an order answered, less the one shown just before it (within
   * {@link ADJACENT_BALANCE_MS}: no renewal or top-up could come between).
   */
  readonly balanceCharges = new Map<string, number>();
  /** Display rates a balance showed: units of each display currency per account unit. */
  readonly displayRates = new Map<string, number>();
  /** Services created by the recording's orders, by the seq of the order. */
  readonly createdServices = new Map<string, number>();
  /**
   * Each order's answer by its service: its upstream time, and the service it showed (its
   * term end, an order's auto-renew being off; its monthly price).
   */
  readonly orderAnswers = new Map<string, { at: number; service: Json }>();
  /** What each order was charged, in cents, by its service: quoted from the catalog listed before it. */
  readonly quotedCharges = new Map<string, number>();
  /** Shield rules created by the recording. */
  readonly createdRules = new Set<string>();
  /** The first view of each service, with its exchange's seq and upstream time. */
  readonly services = new Map<string, { seq: number; at: number; record: Json }>();
  /** Days of the month each service's `expires_at` showed in any view (renewals keep one). */
  readonly expiryDays = new Map<string, Set<number>>();
  /** Each service's views whose status differed from the view before (time changes them). */
  readonly statusViews = new Map<string, StatusView[]>();
  /** Each service's views that showed it suspended: the last exchange of each instant. */
  readonly suspendedViews = new Map<string, { seq: number; at: number }[]>();
  readonly invoices = new Map<string, Json>();
  /** When each invoice was first seen (upstream time). */
  readonly invoiceSeenAt = new Map<string, number>();
  /**
   * The last exchange that showed each renewal invoice unpaid, and its `paid_at` once a later
   * one showed it paid (a top-up settled it in between).
   */
  readonly unpaidRenewals = new Map<string, { seq: number; paidMs?: number | undefined }>();
  readonly orders = new Map<string, Json>();
  readonly transactions = new Map<string, Json>();
  readonly plans = new Map<string, Json>();
  /** Service types a complete GET /plans listing showed (`*`: one without a type filter). */
  readonly coveredTypes = new Set<string>();
  /**
   * The `next_cursor` of each GET /plans page that had more, by its type filter and cursor:
   * followed once a later page asked for it with that filter.
   */
  readonly planCursors = new Map<
    string,
    { cursor: string; type: string | undefined; followed: boolean }
  >();
  /** The type filters of the GET /plans pages the recording saw. */
  readonly planTypesAsked = new Set<string>();
  /** The first order of each plan code the recording placed (a plan it may never list). */
  readonly orderedPlans = new Map<string, { request: Json; answer: Json }>();
  /** The first order of each plan code the upstream refused for want of balance. */
  readonly refusedPlans = new Map<string, Json>();
  /**
   * The orders of each plan code the recording placed (2xx, not replays), and how many it
   * had placed when an answer first showed the plan out of stock (listed `in_stock: false`,
   * an order refused `out_of_stock`): its stock at the start (at most 1,000 codes).
   */
  readonly planStock = new Map<string, { taken: number; outAfter?: number }>();
  /** A plan's hardware figures, by plan code, from the services the recording ordered. */
  readonly specs = new Map<string, Json>();
  /**
   * The auto-renew changes of each service, in order (at most {@link MAX_STATUS_VIEWS}, of
   * at most {@link MAX_PLACEHOLDER_SERVICES} services): before the first, the value was the
   * other one.
   */
  readonly autoRenewWrites = new Map<string, { seq: number; at: number; value: boolean }[]>();
  /** Accounts other than the first that GET /me showed (a recording made with several keys). */
  readonly otherAccounts = new Set<string>();
  readonly rules = new Map<string, Json>();
  readonly profiles = new Map<string, Json>();
  entitlement: Json | null | undefined;
  /** Earliest creation time of a provider emergency rule: since when they have been in place. */
  infrastructureSince: string | undefined;
  vatRate: number | undefined;
  startMs: number | undefined;
  /** The first upstream time an answer stated (the start is estimated back from it). */
  firstStatedMs: number | undefined;
  firstProxyMs: number | undefined;
  /** The first answer's `Date` header (NaN without one). */
  firstDateMs: number | undefined;
  /** See {@link RecordedScenario.dateFollowsClock}; false until an answer states a time. */
  dateFollowsClock = false;
  /**
   * Services a 2xx answer that states no time proved active before any answer stated the
   * upstream's (a Shield overview first): their proxy times, placed once one does.
   */
  readonly activeUntimed: Array<{ ref: string; proxyMs: number }> = [];
  readonly clockJumps = new ClockJumps(MAX_CLOCK_JUMPS);
  /** Writes answered from responses the upstream stored before the recording. */
  readonly replayedWrites = new ReplayedWrites();
  skipped = 0;
  /** Answers whose body the recorder left out, unchecked for credentials (`body_omitted`). */
  omitted = 0;
  /** Answers whose body is marked base64 but is not: read as none. */
  badBase64 = 0;
  /** A 2xx answer of any Shield operation: the account holds an Advanced subscription. */
  shieldProven = false;
  /** Scopes a 2xx answer proved the key holds, and those a 403 `insufficient_scope` refused. */
  readonly grantedScopes = new Set<string>();
  readonly refusedScopes = new Set<string>();
  /**
   * Per list kind, each `next_cursor` a page answered (with the filters it was asked with, at
   * its upstream time), and whether a later page asked for it: an unfollowed one implies
   * records below it.
   */
  readonly cursors = new Map<
    ListKind,
    Map<string, { filters: Record<string, string>; at: number; followed: boolean }>
  >();
  /**
   * The first time a 2xx answer proved a service active (a power action, a new Shield rule:
   * the API refuses both on a service that is not), of at most
   * {@link MAX_PLACEHOLDER_SERVICES} services.
   */
  readonly activeAt = new Map<string, number>();
  /** Unfiltered pages of GET /transactions: a top-up a page left out came after it. */
  readonly transactionPages: PageSpan[] = [];
  /**
   * The first status a 409 answer about a service showed (`service_not_active`,
   * `service_lifecycle_conflict`; to a write, or to a read of its Shield), by service ref, its
   * upstream time (`placedAt`: where the replay places it, see {@link placedTime}), and the
   * last 2xx answer before that proved it alive (`aliveSeq`): a service never listed ended
   * then, or before the recording.
   */
  readonly conflictStatus = new Map<
    string,
    { seq: number; at: number; placedAt: number; status: string; aliveSeq?: number | undefined }
  >();
  /**
   * Services a first 409 showed suspended, no write on them through before, and a later 409
   * expired: the first such answer (`seq`, upstream time `at`) and the last answer before it
   * that showed the service suspended (`aliveSeq`). Its suspension ran out in between.
   */
  readonly suspensionEnds = new Map<string, { aliveSeq: number; seq: number; at: number }>();
  /**
   * The last 2xx answer on each service that proved it alive (seq, upstream time), while no
   * 409 had shown its status: a write, or a read of its dataplane (which needs it active).
   * Inferring the unseen adds the first stats for a service they counted alive before a 409
   * showed it expired (and sets that 409's `aliveSeq` alike).
   */
  readonly lastAlive = new Map<string, { seq: number; at: number }>();
  /** Unfiltered pages of GET /invoices: a run of them lists every invoice issued since. */
  readonly invoicePages: PageSpan[] = [];
  /** Unfiltered pages of GET /services: a run of them to the last lists every service. */
  readonly servicePages: PageSpan[] = [];
  /** Pages of GET /services?status=active: a service a page left out was not active then. */
  readonly activeServicePages: PageSpan[] = [];
  /** Pages of GET /services?status=suspended: a service a page left out was not suspended then. */
  readonly suspendedServicePages: PageSpan[] = [];
  /** Services an answer linked (invoices, orders, transactions) or a Shield call named. */
  readonly linkedServices = new Set<string>();
  /**
   * Services a 2xx auto-renew or power answer named (`firstAt`: the first one's time,
   * `lastSeq`: the last one's seq): they exist and had not expired; a power action proves an
   * active KVM; the first auto-renew answer tells the value before it.
   */
  readonly writtenServices = new Map<
    string,
    { kvm: boolean; firstAt: number; lastSeq: number; autoRenew?: boolean }
  >();
  /** KVM services a 2xx Shield answer was about, with the address its rules protect. */
  readonly shieldTargets = new Map<string, string | undefined>();
  /** The first service counts GET /services/stats answered, and when. */
  stats: { seq: number; at: number; body: Json } | undefined;
}

/** The lists whose pages imply records the recording never saw. */
type ListKind = 'invoices' | 'orders' | 'transactions' | 'services';

const LIST_KINDS: Readonly<Record<string, ListKind>> = {
  listInvoices: 'invoices',
  listOrders: 'orders',
  listTransactions: 'transactions',
  listServices: 'services',
};

/** The ref field and ref kind of each list's records. */
const LIST_REFS: Readonly<Record<ListKind, { field: string; kind: string }>> = {
  invoices: { field: 'invoice_ref', kind: 'INV' },
  orders: { field: 'order_ref', kind: 'ORD' },
  transactions: { field: 'transaction_ref', kind: 'TXN' },
  services: { field: 'service_ref', kind: 'SVC' },
};

/** The ref pattern of each list's records (`^REF-INV-[0-9A-F]+$`, …). */
const REF_OF = Object.fromEntries(
  Object.entries(LIST_REFS).map(([kind, { kind: ref }]) => [
    kind,
    new RegExp(`^REF-${ref}-[0-9A-F]+$`),
  ]),
) as Record<ListKind, RegExp>;

/** The value of `ref` when it is a ref of `kind`'s records (`REF-TXN-1A`…), else undefined. */
const listRefValue = (kind: ListKind, ref: unknown): bigint | undefined =>
  typeof ref === 'string' && REF_OF[kind].test(ref) ? refValue(ref) : undefined;

/** A plan's ref, as a GET /plans cursor names it. */
const PLAN_REF = /^REF-PLAN-[0-9A-F]+$/;

/** Query parameters of a recorded exchange (the raw query, without `?`). */
const queryOf = (exchange: RecordedExchange) =>
  Object.fromEntries(new URLSearchParams(exchange.query)) as Record<string, string>;

/** Notes what a page of a list implies: its cursor followed, and its own next_cursor. */
function observePage(
  seen: Observations,
  kind: ListKind,
  exchange: RecordedExchange,
  body: Json,
  at: number,
) {
  const cursors = seen.cursors.get(kind) ?? new Map();
  seen.cursors.set(kind, cursors);
  const { limit: _limit, cursor, ...filters } = queryOf(exchange);
  if (cursor !== undefined) {
    const asked = cursors.get(cursor);
    if (asked !== undefined) asked.followed = true;
  }
  const pagination = isJsonObject(body.pagination) ? body.pagination : {};
  const next = pagination.next_cursor;
  // A cursor is the ref of the page's last record; anything else tells nothing.
  if (pagination.has_more === true && typeof next === 'string' && REF_OF[kind].test(next)) {
    if (!cursors.has(next)) {
      cursors.set(next, { filters, at, followed: false });
    }
  }
}

/**
 * The span of refs a page of a list covered (newest first: below its cursor, down to its last
 * ref, or to the very first when it had no more) and the refs it showed, when the page was
 * asked with exactly `filters` (besides `limit` and `cursor`).
 */
interface PageSpan {
  readonly seq: number;
  /** The upstream time of the page. */
  readonly at: number;
  readonly below?: bigint;
  readonly from: bigint;
  readonly shown: ReadonlySet<bigint>;
  /**
   * When its last record was made (transactions: `created_at`, invoices: `issue_date`), if
   * it had more after it.
   */
  readonly lastMadeAt?: number;
}

/** Page spans kept per list: each holds up to a page of refs. */
const MAX_PAGE_SPANS = 4096;

/** The field that says when a record of a list was made (services have none). */
const MADE_AT: Readonly<Partial<Record<ListKind, string>>> = {
  transactions: 'created_at',
  invoices: 'issue_date',
  orders: 'created_at',
};

/** Notes the span of `kind`'s page in `spans` (see {@link PageSpan}), if asked with `filters`. */
function observePageSpan(
  spans: PageSpan[],
  kind: ListKind,
  filters: Readonly<Record<string, string>>,
  exchange: RecordedExchange,
  body: Json,
  at: number,
): void {
  const { limit: _limit, cursor, ...asked } = queryOf(exchange);
  const refOf = (ref: unknown) => listRefValue(kind, ref);
  const below = refOf(cursor);
  const sameFilters =
    Object.keys(asked).length === Object.keys(filters).length &&
    Object.entries(filters).every(([name, value]) => asked[name] === value);
  if (spans.length >= MAX_PAGE_SPANS || !sameFilters) return;
  if (cursor !== undefined && below === undefined) return;
  const shown = new Set<bigint>();
  const records = body[kind];
  let last: { ref: bigint; record: Json } | undefined;
  for (const record of Array.isArray(records) ? records : []) {
    const ref = isJsonObject(record) ? refOf(record[LIST_REFS[kind].field]) : undefined;
    if (ref === undefined) return;
    shown.add(ref);
    if (last === undefined || ref < last.ref) last = { ref, record };
  }
  const pagination = isJsonObject(body.pagination) ? body.pagination : {};
  if (typeof pagination.has_more !== 'boolean' || (pagination.has_more && last === undefined)) {
    return;
  }
  const from = pagination.has_more ? (last as { ref: bigint }).ref : 0n;
  const madeField = MADE_AT[kind];
  const madeAt = madeField === undefined ? NaN : Date.parse(String(last?.record[madeField]));
  spans.push({
    seq: exchange.seq,
    at,
    ...(below === undefined ? {} : { below }),
    from,
    shown,
    ...(pagination.has_more && !Number.isNaN(madeAt) ? { lastMadeAt: madeAt } : {}),
  });
}

/** Whether `span` covered `ref` and did not show it: the record was not in that list then. */
const leftOut = (span: PageSpan, ref: bigint): boolean =>
  ref >= span.from && (span.below === undefined || ref < span.below) && !span.shown.has(ref);

/**
 * How close (ms) a balance shown before an order must be for their difference to be the
 * order's charge: a renewal falls at a term's end, a top-up comes when someone pays, and
 * neither within a second of a request but by a rare chance (a wrong pair then fails the
 * rate every pair must agree on: no rate, as without it).
 */
const ADJACENT_BALANCE_MS = 1000;

/** Notes a balance an answer showed: the first one, and the last. */
function noteBalance(
  seen: Observations,
  seq: number,
  at: number,
  cents: number | undefined,
  currency: unknown,
  read: boolean,
): void {
  if (cents === undefined) return;
  seen.firstBalance ??= { seq, at, cents, currency: String(currency) };
  const before = seen.lastBalance;
  // Only a read: an order's answer holds its charge too.
  if (read && before?.at === at && seen.balanceReads.length < MAX_PAGE_SPANS) {
    seen.balanceReads.push({ from: before.seq, to: seq, at, gainedCents: cents - before.cents });
  }
  seen.lastBalance = { seq, at, cents };
}

/** The service refs a record links (`service_ref`), kept to rebuild the services they name. */
function observeLinks(seen: Observations, records: unknown): void {
  for (const record of Array.isArray(records) ? records : []) {
    if (isJsonObject(record) && typeof record.service_ref === 'string') {
      seen.linkedServices.add(record.service_ref);
    }
  }
}

const keep = (map: Map<string, Json>, key: unknown, record: Json) => {
  if (typeof key === 'string' && !map.has(key)) map.set(key, record);
};

function observe(seen: Observations, exchange: RecordedExchange): void {
  const proxyMs = Date.parse(exchange.time);
  seen.firstProxyMs ??= proxyMs;
  // The answer's JSON, parsed once for all that reads it here.
  const body = jsonBody(exchange.response);
  const stated = statedTime(exchange, body);
  seen.clockJumps.observe(exchange, stated);
  seen.replayedWrites.observe(exchange);
  const replayed = exchange.response.headers['idempotent-replayed'] === 'true';
  seen.firstDateMs ??= dateOf(exchange) ?? Number.NaN;
  if (seen.startMs === undefined && stated !== undefined) {
    seen.dateFollowsClock = dateAgrees(exchange, stated) === true;
    const estimate = stated - (proxyMs - seen.firstProxyMs);
    // The first answer came earlier, before the upstream's clock moved on (an admin moved it).
    const jumped = estimate - seen.firstDateMs > CLOCK_MOVED_MS;
    const startMs = seen.dateFollowsClock && jumped ? seen.firstDateMs : estimate;
    seen.startMs = startMs;
    seen.firstStatedMs = stated;
    for (const { ref, proxyMs: then } of seen.activeUntimed.splice(0)) {
      noteActiveAt(seen, ref, startMs + (then - seen.firstProxyMs));
    }
  }
  // The upstream's time of this answer: stated, else estimated from the proxy's clock.
  const at = stated ?? (seen.startMs ?? seen.firstProxyMs) + (proxyMs - seen.firstProxyMs);
  const ok = exchange.status >= 200 && exchange.status < 300;
  if (exchange.response.body_omitted !== undefined) seen.omitted++;
  else if (exchange.response.body_truncated) seen.skipped++;
  else if (badBase64(exchange.response)) seen.badBase64++;
  const { seq, operation } = exchange;
  // Own properties only: a recording may name `constructor` or `__proto__`.
  const scope =
    operation === null || !Object.hasOwn(operations, operation)
      ? undefined
      : operations[operation as keyof typeof operations].scope;
  const shieldCall = scope === 'shield:read' || scope === 'shield:write';
  if (shieldCall) {
    // 403 shield_advanced_required: the account has no Advanced subscription.
    if (
      exchange.status === 403 &&
      isJsonObject(body) &&
      body.error === 'shield_advanced_required'
    ) {
      seen.entitlement ??= null;
    }
  }
  if (scope !== undefined) {
    if (ok) seen.grantedScopes.add(scope);
    else if (exchange.status === 403 && isJsonObject(body) && body.error === 'insufficient_scope') {
      seen.refusedScopes.add(scope);
    }
  }
  // A Shield call's 409 `service_not_active` comes after its subscription check passed.
  const passedShieldChecks =
    ok || (exchange.status === 409 && isJsonObject(body) && body.error === 'service_not_active');
  if (passedShieldChecks && shieldCall) {
    // Any 2xx Shield answer (or that 409) proves the subscription and a directly owned KVM
    // service with an address.
    seen.shieldProven = true;
    const target = exchange.path.split('/')[3];
    if (target !== undefined && !seen.shieldTargets.has(target)) {
      seen.shieldTargets.set(target, undefined);
    }
  }
  noteServiceAnswer(seen, exchange, at, ok, body);
  // An order's request, parsed once for all that reads it here.
  const order = operation === 'createOrder' && !replayed ? jsonBody(exchange.request) : undefined;
  if (operation === 'createOrder' && !replayed) {
    noteRefusedPlan(seen, exchange, body, order);
    const planCode = isJsonObject(order) ? order.plan_code : undefined;
    if (ok) noteStock(seen, planCode, 'taken');
    else if (exchange.status === 422 && isJsonObject(body) && body.error === 'out_of_stock') {
      noteStock(seen, planCode, 'out');
    }
  }
  const serviceRef = SERVICE_PATH.exec(exchange.path)?.[1];
  if (ok && serviceRef !== undefined && NEEDS_ACTIVE_SERVICE.has(operation ?? '')) {
    // Before any answer stated the upstream's time, the proxy's says nothing of it.
    if (seen.startMs !== undefined) noteActiveAt(seen, serviceRef, at);
    else if (seen.activeUntimed.length < MAX_PLACEHOLDER_SERVICES) {
      seen.activeUntimed.push({ ref: serviceRef, proxyMs });
    }
  }
  if (!ok || !isJsonObject(body)) return;
  const list =
    operation === null || !Object.hasOwn(LIST_KINDS, operation) ? undefined : LIST_KINDS[operation];
  if (list !== undefined) observePage(seen, list, exchange, body, at);
  switch (operation) {
    case 'getAccount':
      seen.account ??= body;
      // Another account's answer names it; one without a reference (a hostile or cut
      // answer) names no account.
      if (
        typeof body.account_ref === 'string' &&
        body.account_ref !== seen.account.account_ref &&
        seen.otherAccounts.size < 100
      ) {
        seen.otherAccounts.add(body.account_ref);
      }
      return;
    case 'getBalance': {
      noteBalance(seen, seq, at, amountCents(body.amount), body.currency, true);
      const display = isJsonObject(body.display) ? body.display : undefined;
      if (
        typeof display?.currency === 'string' &&
        typeof display.rate === 'number' &&
        Number.isFinite(display.rate) &&
        display.rate > 0 &&
        !seen.displayRates.has(display.currency) &&
        display.currency in DEFAULT_RATES
      ) {
        seen.displayRates.set(display.currency, display.rate);
      }
      return;
    }
    case 'createOrder': {
      // A replay of an order placed before the recording created nothing during it.
      if (replayed) return;
      if (typeof body.service_ref === 'string') {
        seen.createdServices.set(body.service_ref, seq);
        if (isJsonObject(body.service)) {
          seen.orderAnswers.set(body.service_ref, { at, service: body.service });
        }
      }
      const quoted = isJsonObject(order) ? quotedCents(seen.plans.values(), order) : undefined;
      if (quoted !== undefined && typeof body.service_ref === 'string') {
        seen.quotedCharges.set(body.service_ref, quoted);
      }
      if (
        isJsonObject(order) &&
        typeof order.plan_code === 'string' &&
        isJsonObject(body.service)
      ) {
        if (!seen.orderedPlans.has(order.plan_code) && seen.orderedPlans.size < 1000) {
          seen.orderedPlans.set(order.plan_code, { request: order, answer: body });
        }
        const service = body.service;
        const figures = Object.fromEntries(
          SPEC_FIELDS.filter((f) => typeof service[f] === 'number').map((f) => [f, service[f]]),
        );
        if (Object.keys(figures).length > 0 && !seen.specs.has(order.plan_code)) {
          seen.specs.set(order.plan_code, figures);
        }
      }
      const balance = isJsonObject(body.balance) ? body.balance : undefined;
      const cents = amountCents(balance?.amount);
      const before = seen.lastBalance;
      if (
        typeof body.service_ref === 'string' &&
        cents !== undefined &&
        before !== undefined &&
        at - before.at <= ADJACENT_BALANCE_MS &&
        seen.balanceCharges.size < MAX_PLACEHOLDER_SERVICES
      ) {
        seen.balanceCharges.set(body.service_ref, before.cents - cents);
      }
      noteBalance(seen, seq, at, cents, balance?.currency, false);
      return;
    }
    case 'listServices':
      for (const service of Array.isArray(body.services) ? body.services : []) {
        if (isJsonObject(service)) observeService(seen, service, seq, at);
      }
      observePageSpan(seen.servicePages, 'services', {}, exchange, body, at);
      observePageSpan(
        seen.activeServicePages,
        'services',
        { status: 'active' },
        exchange,
        body,
        at,
      );
      observePageSpan(
        seen.suspendedServicePages,
        'services',
        { status: 'suspended' },
        exchange,
        body,
        at,
      );
      return;
    case 'getService':
      if (isJsonObject(body.service)) observeService(seen, body.service, seq, at);
      return;
    case 'setServiceAutoRenew':
      if (typeof body.service_ref === 'string' && typeof body.auto_renew === 'boolean') {
        const before = body.changed === true ? !body.auto_renew : body.auto_renew;
        noteWrittenService(seen, body.service_ref, { seq, at }, { autoRenew: before });
      }
      if (
        body.changed === true &&
        typeof body.service_ref === 'string' &&
        roomFor(seen.autoRenewWrites, body.service_ref)
      ) {
        const writes = seen.autoRenewWrites.get(body.service_ref) ?? [];
        seen.autoRenewWrites.set(body.service_ref, writes);
        if (writes.length < MAX_STATUS_VIEWS) {
          writes.push({ seq, at, value: body.auto_renew === true });
        }
      }
      return;
    case 'powerService':
      if (typeof body.service_ref === 'string') {
        noteWrittenService(seen, body.service_ref, { seq, at }, { kvm: true });
      }
      return;
    case 'getServiceStats':
      seen.stats ??= { seq, at, body };
      return;
    case 'listInvoices':
      observeLinks(seen, body.invoices);
      observePageSpan(seen.invoicePages, 'invoices', {}, exchange, body, at);
      for (const invoice of Array.isArray(body.invoices) ? body.invoices : []) {
        if (isJsonObject(invoice)) {
          if (typeof invoice.invoice_ref === 'string' && !seen.invoices.has(invoice.invoice_ref))
            seen.invoiceSeenAt.set(invoice.invoice_ref, at);
          keep(seen.invoices, invoice.invoice_ref, invoice);
          noteRenewalPayment(seen, invoice, seq);
          if (seen.vatRate === undefined && typeof invoice.vat_rate === 'number')
            seen.vatRate = invoice.vat_rate;
        }
      }
      return;
    case 'listOrders':
      observeLinks(seen, body.orders);
      for (const order of Array.isArray(body.orders) ? body.orders : []) {
        if (isJsonObject(order)) keep(seen.orders, order.order_ref, order);
      }
      return;
    case 'listTransactions':
      observeLinks(seen, body.transactions);
      for (const txn of Array.isArray(body.transactions) ? body.transactions : []) {
        if (isJsonObject(txn)) keep(seen.transactions, txn.transaction_ref, txn);
      }
      observePageSpan(seen.transactionPages, 'transactions', {}, exchange, body, at);
      return;
    case 'listPlans': {
      const { cursor, type } = queryOf(exchange);
      const pagination = isJsonObject(body.pagination) ? body.pagination : {};
      if (cursor === undefined && pagination.has_more === false) {
        seen.coveredTypes.add(type ?? '*');
      }
      if (type !== undefined && seen.planTypesAsked.size < MAX_PAGE_SPANS) {
        seen.planTypesAsked.add(type);
      }
      const cursorKey = (ref: string) => JSON.stringify([type ?? null, ref]);
      const asked = cursor === undefined ? undefined : seen.planCursors.get(cursorKey(cursor));
      if (asked !== undefined) asked.followed = true;
      const next = pagination.next_cursor;
      if (
        pagination.has_more === true &&
        typeof next === 'string' &&
        PLAN_REF.test(next) &&
        seen.planCursors.size < MAX_PAGE_SPANS &&
        !seen.planCursors.has(cursorKey(next))
      ) {
        seen.planCursors.set(cursorKey(next), { cursor: next, type, followed: false });
      }
      for (const plan of Array.isArray(body.plans) ? body.plans : []) {
        if (isJsonObject(plan)) {
          keep(seen.plans, plan.plan_ref, plan);
          if (typeof plan.vat_rate === 'number') seen.vatRate = plan.vat_rate;
          if (plan.in_stock === false) noteStock(seen, plan.code, 'out');
        }
      }
      return;
    }
    case 'getShieldOverview':
    case 'getShieldCapabilities':
      if (isJsonObject(body.entitlement) && seen.entitlement === undefined)
        seen.entitlement = body.entitlement;
      if (operation === 'getShieldOverview') {
        observeRules(seen, body.rules);
        const ref = exchange.path.split('/')[3];
        if (ref !== undefined && isJsonObject(body.profile) && !seen.profiles.has(ref)) {
          seen.profiles.set(ref, { ...body.profile, at: stated ?? proxyMs });
        }
      }
      return;
    case 'listShieldRules':
      observeRules(seen, body.rules);
      return;
    case 'createShieldRule':
    case 'applyShieldPreset':
      if (!isJsonObject(body.rule)) return;
      observeRules(seen, [body.rule]);
      if (typeof body.rule.id === 'string' && !replayed) seen.createdRules.add(body.rule.id);
      return;
    default:
  }
}

const SERVICE_PATH = /^\/v1\/services\/(REF-SVC-[0-9A-F]+)\//;

/**
 * Operations on one service that refuse it unless active (409 `service_not_active`): a power
 * action, Shield's mutations and the reads of its dataplane (`operations/shield-access.ts`).
 * A 2xx answer proves the service active at its time.
 */
const NEEDS_ACTIVE_SERVICE: ReadonlySet<string> = new Set([
  'powerService',
  'createShieldRule',
  'deleteShieldRule',
  'applyShieldPreset',
  'applyShieldProfile',
  'getShieldOverview',
  'getShieldRuleEvidence',
  'getShieldTraffic',
  'getShieldProtectionActivity',
  'exportShieldTelemetry',
]);
const SERVICE_CONFLICTS = new Set(['service_not_active', 'service_lifecycle_conflict']);

/**
 * Whether a per-service map of what the answers proved may hold `ref`: one it holds, or a
 * new one below {@link MAX_PLACEHOLDER_SERVICES} (a recording may name any number).
 */
const roomFor = (map: ReadonlyMap<string, unknown>, ref: string): boolean =>
  map.has(ref) || map.size < MAX_PLACEHOLDER_SERVICES;

/**
 * Notes the plan of an order refused 422 `insufficient_balance` (it exists, and was priced).
 * `body`, `order`: the JSON of its answer and of its request.
 */
function noteRefusedPlan(
  seen: Observations,
  exchange: RecordedExchange,
  body: unknown,
  order: unknown,
): void {
  if (exchange.status !== 422 || !isJsonObject(body) || body.error !== 'insufficient_balance') {
    return;
  }
  if (!isJsonObject(order) || typeof order.plan_code !== 'string') return;
  if (!seen.refusedPlans.has(order.plan_code) && seen.refusedPlans.size < 1000) {
    seen.refusedPlans.set(order.plan_code, order);
  }
}

/** Notes an order of the plan `code` taken, or an answer showing it out of stock. */
function noteStock(seen: Observations, code: unknown, event: 'taken' | 'out'): void {
  if (typeof code !== 'string') return;
  let stock = seen.planStock.get(code);
  if (stock === undefined) {
    if (seen.planStock.size >= 1000) return;
    stock = { taken: 0 };
    seen.planStock.set(code, stock);
  }
  if (event === 'taken') stock.taken++;
  else stock.outAfter ??= stock.taken;
}

/** When a 409 answer about the service `ref` first showed it suspended, if one did. */
function suspendedAt(seen: Observations, ref: string): number | undefined {
  const conflict = seen.conflictStatus.get(ref);
  return conflict?.status === 'suspended' ? conflict.at : undefined;
}

/** The first time a 2xx write on the service `ref` (a power action, a rule) showed it active. */
function noteActiveAt(seen: Observations, ref: string, at: number): void {
  if (!seen.activeAt.has(ref) && roomFor(seen.activeAt, ref)) seen.activeAt.set(ref, at);
}

/**
 * Notes an answer about one service: a 2xx write, or a 409 showing its status
 * (`conflictStatus`), to a write or to a read (of its Shield) alike.
 */
function noteServiceAnswer(
  seen: Observations,
  exchange: RecordedExchange,
  at: number,
  ok: boolean,
  body: unknown,
): void {
  const ref = SERVICE_PATH.exec(exchange.path)?.[1];
  if (ref === undefined) return;
  const status =
    !ok &&
    exchange.status === 409 &&
    isJsonObject(body) &&
    typeof body.status === 'string' &&
    // A status word, not whatever a hostile recording holds: it names a rebuilt service's.
    /^[a-z][a-z_]{0,31}$/.test(body.status) &&
    SERVICE_CONFLICTS.has(String(body.error))
      ? body.status
      : undefined;
  if (status === 'suspended') noteSuspended(seen, ref, exchange.seq, at);
  const first = seen.conflictStatus.get(ref);
  if (first !== undefined) {
    if (
      status === 'expired' &&
      first.status === 'suspended' &&
      first.aliveSeq === undefined &&
      !seen.suspensionEnds.has(ref) &&
      roomFor(seen.suspensionEnds, ref)
    ) {
      const aliveSeq = seen.suspendedViews.get(ref)?.at(-1)?.seq ?? first.seq;
      seen.suspensionEnds.set(ref, {
        aliveSeq,
        seq: exchange.seq,
        at: placedTime(seen, exchange, at),
      });
    }
    return;
  }
  if (ok) {
    const alive = exchange.method !== 'GET' || NEEDS_ACTIVE_SERVICE.has(exchange.operation ?? '');
    if (alive && roomFor(seen.lastAlive, ref)) seen.lastAlive.set(ref, { seq: exchange.seq, at });
  } else if (status !== undefined && roomFor(seen.conflictStatus, ref)) {
    seen.conflictStatus.set(ref, {
      seq: exchange.seq,
      at,
      placedAt: placedTime(seen, exchange, at),
      status,
      aliveSeq: seen.lastAlive.get(ref)?.seq,
    });
  }
}

/**
 * Where the replay places an answer that states no time, estimated at `at`: at its `Date`
 * when that is later and the upstream's `Date` follows its clock (it moved on since the
 * last answer that stated a time).
 */
function placedTime(seen: Observations, exchange: RecordedExchange, at: number): number {
  const dated = seen.dateFollowsClock ? dateOf(exchange) : undefined;
  return dated === undefined ? at : Math.max(at, dated);
}

/** Notes an exchange that showed the service `ref` suspended (the last one of each instant). */
function noteSuspended(seen: Observations, ref: string, seq: number, at: number): void {
  if (!roomFor(seen.suspendedViews, ref)) return;
  const views = seen.suspendedViews.get(ref) ?? [];
  seen.suspendedViews.set(ref, views);
  const last = views.at(-1);
  if (last?.at === at) last.seq = seq;
  else if (views.length < MAX_STATUS_VIEWS) views.push({ seq, at });
}

/** Keeps what a write's answer proved of a service (see `Observations.writtenServices`). */
function noteWrittenService(
  seen: Observations,
  ref: string,
  { seq, at }: { seq: number; at: number },
  proved: { kvm?: boolean; autoRenew?: boolean },
): void {
  if (!roomFor(seen.writtenServices, ref)) return;
  const known = seen.writtenServices.get(ref);
  // The first answer's value before stays: a later write changed it from there.
  const autoRenew = known?.autoRenew ?? proved.autoRenew;
  seen.writtenServices.set(ref, {
    kvm: known?.kvm === true || proved.kvm === true,
    firstAt: known?.firstAt ?? at,
    lastSeq: seq,
    ...(autoRenew === undefined ? {} : { autoRenew }),
  });
}

/** Status changes kept per service: a hostile recording could flip one on every line. */
const MAX_STATUS_VIEWS = 64;

/** One view of a service: the first is kept, the day of every `expires_at` noted. */
function observeService(seen: Observations, service: Json, seq: number, at: number): void {
  const ref = service.service_ref;
  if (typeof ref !== 'string') return;
  if (!seen.services.has(ref)) seen.services.set(ref, { seq, at, record: service });
  const views = seen.statusViews.get(ref) ?? [];
  seen.statusViews.set(ref, views);
  const status = String(service.status);
  if (views.length < MAX_STATUS_VIEWS && views.at(-1)?.status !== status) {
    views.push({ at, status, expires_at: service.expires_at });
  }
  if (status === 'suspended') noteSuspended(seen, ref, seq, at);
  const expires = typeof service.expires_at === 'string' ? Date.parse(service.expires_at) : NaN;
  if (Number.isNaN(expires)) return;
  const days = seen.expiryDays.get(ref) ?? new Set<number>();
  // At most one entry per day of the month: bounded whatever the recording's length.
  days.add(dayOfMonth(expires));
  seen.expiryDays.set(ref, days);
}

function observeRules(seen: Observations, rules: unknown): void {
  for (const rule of Array.isArray(rules) ? rules : []) {
    if (!isJsonObject(rule)) continue;
    if (typeof rule.service_ref === 'string' && typeof rule.protected_ip === 'string') {
      seen.shieldTargets.set(rule.service_ref, rule.protected_ip);
    }
    // The provider's emergency rule is not state: the server derives it from the time below.
    if (
      typeof rule.service_ref === 'string' &&
      rule.id === infrastructureRuleId(rule.service_ref)
    ) {
      if (typeof rule.created_at === 'string') seen.infrastructureSince ??= rule.created_at;
    } else keep(seen.rules, rule.id, rule);
  }
}

/** Whether a record's creation time is at or after the recording began (the recording made it). */
function madeDuring(record: Json, field: string, startMs: number | undefined): boolean {
  if (startMs === undefined || typeof record[field] !== 'string') return false;
  const at = Date.parse(record[field] as string);
  return !Number.isNaN(at) && at >= startMs;
}

/**
 * The VAT rate the catalog's prices imply (`final = base + base × rate`, rounded to the
 * cent): the coarsest rate (whole percent, then tenths, then hundredths of a percent) that
 * reproduces every plan's final price from its base.
 */
function impliedVatRate(plans: Iterable<Json>): number | undefined {
  const pairs: Array<[number, number]> = [];
  for (const plan of plans) {
    const price = isJsonObject(plan.account_price) ? plan.account_price : {};
    const base = amountCents(price.base);
    const final = amountCents(price.final);
    if (base !== undefined && final !== undefined && base > 0) pairs.push([base, final]);
  }
  return rateOfPairs(pairs);
}

/**
 * The VAT rate the recording's orders imply: each charge it knows (the ledger's order amount,
 * or its transaction's, or the fall of the balance an answer right before showed) against its
 * net (the legacy `monthly_price_eur` × months, in the account's currency at `rate` per EUR),
 * when the catalog and the invoices never said.
 */
function vatRateOfOrders(
  seen: Observations,
  chargedOf: ReadonlyMap<unknown, number>,
  rate: number,
): number | undefined {
  const pairs: Array<[number, number]> = [];
  for (const [serviceRef, { service }] of seen.orderAnswers) {
    const charged = chargedOf.get(serviceRef);
    if (typeof service.monthly_price_eur !== 'number' || charged === undefined) continue;
    const net = Math.round(service.monthly_price_eur * 100 * monthsOf(service) * rate);
    if (net > 0) pairs.push([net, charged]);
  }
  return rateMostAgreeOn(pairs);
}

/**
 * The VAT rate the ledger's charges made while recording imply (an order's or a renewal's
 * debit, its VAT amount shown beside it: the net is what remains without it), when the
 * catalog and the invoices never said. Older charges are the account's history as it was
 * given, which need not follow today's rate.
 */
function vatRateOfLedger(seen: Observations): number | undefined {
  const pairs: Array<[number, number]> = [];
  for (const txn of seen.transactions.values()) {
    if (txn.kind !== 'service_order' && txn.kind !== 'service_renewal') continue;
    if (!madeDuring(txn, 'created_at', seen.startMs)) continue;
    const gross = amountCents(typeof txn.amount === 'number' ? -txn.amount : undefined);
    const vat = amountCents(txn.vat_amount);
    const extras = (amountCents(txn.fee) ?? 0) + (amountCents(txn.penalty) ?? 0);
    if (gross !== undefined && vat !== undefined && extras === 0 && gross > vat) {
      pairs.push([gross - vat, gross]);
    }
  }
  return rateMostAgreeOn(pairs);
}

/**
 * What the ledger shows each service's order charged, in cents, by service ref: its order's
 * amount, else its `service_order` transaction's debit.
 */
function orderCharges(seen: Observations): Map<unknown, number> {
  const chargedOf = new Map<unknown, number>();
  for (const order of seen.orders.values()) {
    const cents = amountCents(order.amount);
    if (cents !== undefined && !chargedOf.has(order.service_ref))
      chargedOf.set(order.service_ref, cents);
  }
  for (const txn of seen.transactions.values()) {
    const cents = amountCents(txn.amount);
    if (txn.kind === 'service_order' && cents !== undefined && !chargedOf.has(txn.service_ref))
      chargedOf.set(txn.service_ref, -cents);
  }
  return chargedOf;
}

/**
 * The rate (see {@link rateOfPairs}) of more than half of the `pairs` that have one, each
 * taken alone; undefined when none has so many. A charge read off the balances around an
 * order may be wrong (a top-up came between at that very time): one such pair must not hide
 * the rate of the rest, and one no rate explains (less than its net) counts for none.
 */
function rateMostAgreeOn(pairs: ReadonlyArray<[number, number]>): number | undefined {
  const votes = new Map<number, number>();
  let voters = 0;
  for (const pair of pairs) {
    const rate = rateOfPairs([pair]);
    if (rate === undefined) continue;
    voters++;
    votes.set(rate, (votes.get(rate) ?? 0) + 1);
  }
  for (const [rate, count] of votes) if (count * 2 > voters) return rate;
  return undefined;
}

/**
 * The coarsest rate (whole percent, then tenths, then hundredths of a percent) that takes
 * each `[net, gross]` pair of cents from its net to its gross; undefined if none does.
 */
function rateOfPairs(pairs: ReadonlyArray<[number, number]>): number | undefined {
  const widest = pairs.reduce<[number, number] | undefined>(
    (best, pair) => (best === undefined || pair[0] > best[0] ? pair : best),
    undefined,
  );
  if (widest === undefined) return undefined;
  const estimate = (widest[1] - widest[0]) / widest[0];
  for (const digits of [2, 3, 4]) {
    const rate = Math.round(estimate * 10 ** digits) / 10 ** digits;
    if (
      rate >= 0 &&
      rate <= 1 &&
      pairs.every(([base, final]) => base + applyRate(base, rate) === final)
    ) {
      return rate;
    }
  }
  return undefined;
}

function planOf(plan: Json, specs: Json | undefined, country: string, rate: number): Json {
  const price = isJsonObject(plan.account_price) ? plan.account_price : {};
  const toEur = (amount: unknown) => fromCents(Math.round((amountCents(amount) ?? 0) / rate));
  const periods = Array.isArray(plan.periods) ? plan.periods.filter(isJsonObject) : [];
  const periodPrices = isJsonObject(price.period_prices) ? price.period_prices : undefined;
  const out: Json = {
    plan_ref: plan.plan_ref,
    name: plan.name,
    code: plan.code,
    service_type: plan.service_type,
    purchase_url: plan.purchase_url,
    price_eur: toEur(price.base),
    periods: periods.map((p) => ({ period_ref: p.period_ref, name: p.name, months: monthsOf(p) })),
    os_images: (Array.isArray(plan.os_images) ? plan.os_images.filter(isJsonObject) : []).map(
      (o) => ({
        os_image_ref: o.os_image_ref,
        name: o.name,
      }),
    ),
    regions: (Array.isArray(plan.regions) ? plan.regions.filter(isJsonObject) : []).map((r) => ({
      region_ref: r.region_ref,
      ...(typeof r.name === 'string' ? { name: r.name } : {}),
      countries: [country],
    })),
    addons: (Array.isArray(plan.addons) ? plan.addons.filter(isJsonObject) : []).map((a) => ({
      addon_ref: a.addon_ref,
      name: a.name,
      price_eur: typeof a.monthly_net === 'number' ? toEur(a.monthly_net) : 0,
    })),
    currency: 'EUR',
  };
  if (periodPrices !== undefined) {
    out.period_prices = Object.fromEntries(
      Object.entries(periodPrices).map(([name, amount]) => [name, toEur(amount)]),
    );
  }
  if (specs !== undefined) out.specs = specs;
  return out;
}

function ruleOf(rule: Json, seq: number, accountRef: string): Json {
  const created = Date.parse(String(rule.created_at));
  const out: Json = {
    id: rule.id,
    seq,
    account_ref: accountRef,
    service_ref: rule.service_ref,
    protected_ip: rule.protected_ip,
    kind: rule.kind,
    name: typeof rule.name === 'string' ? rule.name : '',
    action: typeof rule.action === 'string' ? rule.action : 'drop',
    protocol: typeof rule.protocol === 'string' ? rule.protocol : 'any',
    queued_at: Number.isNaN(created) ? 0 : created,
  };
  if (typeof rule.mode === 'string') out.mode = rule.mode;
  if (typeof rule.destination_port === 'number') out.destination_port = rule.destination_port;
  if (typeof rule.preset_code === 'string') out.preset_code = rule.preset_code;
  if (typeof rule.preset_version === 'string') out.preset_version = rule.preset_version;
  if (typeof rule.expires_at === 'string') out.expires_at = Date.parse(rule.expires_at);
  if (rule.state === 'failed') out.outcome = 'failed';
  else if (rule.state === 'active' || rule.state === 'expired') out.outcome = 'ok';
  if (typeof rule.last_error_code === 'string') out.last_error_code = rule.last_error_code;
  return out;
}

/** The records of the rebuilt account, as plain JSON. */
interface AccountLists {
  readonly services: Json[];
  readonly invoices: Json[];
  readonly orders: Json[];
  readonly transactions: Json[];
}

/** Links a placeholder record never has: it stands for a record nobody saw. */
const LINK_FIELDS = ['service_ref', 'invoice_ref', 'transaction_ref'];

/**
 * A record of `kind` made while recording, moved to a second before the start: the neighbour
 * a placeholder below a cursor copies when every record the pages showed was made while
 * recording (those the scenario leaves out), so that the older record the upstream's
 * `has_more` counted is there.
 */
function madeBefore(
  seen: Observations,
  kind: ListKind,
  startMs: number | undefined,
): Json | undefined {
  const madeField = MADE_AT[kind];
  if (madeField === undefined || startMs === undefined) return undefined;
  const [record] = seen[kind].values();
  if (record === undefined) return undefined;
  const before = new Date(startMs - 1000).toISOString();
  const moved: Json = { ...record, [madeField]: before };
  if (kind === 'invoices') {
    moved.due_date = before;
    if (moved.paid_at !== undefined) moved.paid_at = before;
  }
  return moved;
}

/**
 * Every ref the records made while recording show: those {@link mintedDuring} names, and
 * their links (an order's transaction).
 */
function refsMadeDuring(seen: Observations): string[] {
  if (seen.startMs === undefined) return [];
  const refs = mintedDuring(seen, seen.startMs);
  for (const kind of ['orders', 'invoices', 'transactions'] as const) {
    for (const record of seen[kind].values()) {
      if (!madeDuring(record, MADE_AT[kind] as string, seen.startMs)) continue;
      for (const field of LINK_FIELDS) {
        if (typeof record[field] === 'string') refs.push(record[field]);
      }
    }
  }
  return refs;
}

/** Type and status counts still to be filled to reproduce the first services stats seen. */
class ServicePool {
  readonly #types = new Map<string, number>();
  /** Per status, services the stats counted less those taken: below 0, too many taken. */
  readonly #statuses = new Map<string, number>();
  readonly #counted: boolean;

  constructor(stats: Json | undefined, known: readonly Json[]) {
    this.#counted = stats !== undefined;
    if (stats === undefined) return;
    for (const [map, counts] of [
      [this.#types, stats.by_type],
      [this.#statuses, stats.by_status],
    ] as const) {
      for (const [name, count] of Object.entries(isJsonObject(counts) ? counts : {})) {
        if (typeof count === 'number') map.set(name, count);
      }
    }
    for (const service of known) this.take(String(service.type), String(service.status));
  }

  /**
   * Counts one service of `type` and `status` (either may be unknown: the pool picks, a
   * status other than active for one a page of active services left out).
   */
  take(type?: string, status?: string, notActive = false): { type: string; status: string } {
    // A status the stats leave out counted none (a type left out is not checked).
    const pick = (
      map: Map<string, number>,
      wanted: string | undefined,
      fallback: string,
      countedNone: boolean,
      except?: string,
    ) => {
      const name =
        wanted ??
        [...map.entries()].find(([name, left]) => left > 0 && name !== except)?.[0] ??
        fallback;
      if (map.has(name) || countedNone) map.set(name, (map.get(name) ?? 0) - 1);
      return name;
    };
    return {
      type: pick(this.#types, type, 'kvm', false),
      status: notActive
        ? pick(this.#statuses, status, 'suspended', this.#counted, 'active')
        : pick(this.#statuses, status, 'active', this.#counted),
    };
  }

  /**
   * Gives each service whose start status the rewind guessed another one the recording
   * allows, where the stats counted fewer services of its status (at their time, which
   * `atStats` gives from a start status) and more of the other's. Returns those it moved,
   * and those it left open: where more services could have made a move than made it, the
   * first seen made it, and which ones the upstream's were the recording cannot tell.
   */
  settle(
    guessed: readonly ServiceAtStart[],
    atStats: (service: Json, startStatus: string) => string,
  ): { moved: Json[]; open: Json[] } {
    const moved: Json[] = [];
    if (!this.#counted) return { moved, open: [] };
    const left = (status: string) => this.#statuses.get(status) ?? 0;
    // Each service's status at the stats' time and its possible moves (`now>then`), before
    // any is made.
    const atStart = guessed.map(({ service, otherStatuses }) => {
      const now = atStats(service, String(service.status));
      const moves = otherStatuses
        .map((status) => `${now}>${atStats(service, status)}`)
        .filter((move) => move !== `${now}>${now}`);
      return { now, moves: new Set(moves) };
    });
    const made = new Map<string, number>();
    const move = (i: number, to: string) => {
      const { service } = guessed[i] as ServiceAtStart;
      const { now } = atStart[i] as { now: string };
      const then = atStats(service, to);
      this.#statuses.set(now, left(now) + 1);
      this.#statuses.set(then, left(then) - 1);
      service.status = to;
      moved.push(service);
      made.set(`${now}>${then}`, (made.get(`${now}>${then}`) ?? 0) + 1);
    };
    /** An other status of guessed service `i` whose count at the stats' time `fits`. */
    const otherWhere = (i: number, fits: (then: string) => boolean) => {
      const { service, otherStatuses } = guessed[i] as ServiceAtStart;
      const { now } = atStart[i] as { now: string };
      return otherStatuses.find((status) => {
        const then = atStats(service, status);
        return then !== now && fits(then);
      });
    };
    for (const i of guessed.keys()) {
      if (left((atStart[i] as { now: string }).now) >= 0) continue;
      const other = otherWhere(i, (then) => left(then) > 0);
      if (other !== undefined) move(i, other);
    }
    // Then in two steps: one takes the status of another service that still can move to a
    // status the stats counted more of (two guesses of a suspension, one a week late).
    const unmoved = (j: number) => !moved.includes((guessed[j] as ServiceAtStart).service);
    for (const i of guessed.keys()) {
      const { now } = atStart[i] as { now: string };
      if (left(now) >= 0 || !unmoved(i)) continue;
      for (const j of guessed.keys()) {
        if (j === i || !unmoved(j)) continue;
        const held = (atStart[j] as { now: string }).now;
        const second = otherWhere(j, (then) => then !== now && left(then) > 0);
        const first = otherWhere(i, (then) => then === held);
        if (second === undefined || first === undefined) continue;
        move(j, second);
        move(i, first);
        break;
      }
    }
    const open = new Set<Json>();
    for (const [move, count] of made) {
      const could = guessed.filter((_, i) => atStart[i]?.moves.has(move));
      if (could.length > count) for (const { service } of could) open.add(service);
    }
    return { moved, open: [...open] };
  }

  /** Whether the stats counted services of `status` not yet taken (false without stats). */
  hasRoom(status: string): boolean {
    return this.#counted && (this.#statuses.get(status) ?? 0) > 0;
  }

  /** Services still to add; a negative count means the stats and the records disagree. */
  remaining(): number {
    const left = [...this.#types.values()];
    return left.some((n) => n < 0) ? -1 : left.reduce((a, b) => a + b, 0);
  }
}

/** Refs of one kind handed out below a ceiling, never one the recording showed. */
class FreeRefs {
  readonly #taken = new Set<string>();
  readonly #pattern: RegExp;
  /** Where the next search below each ceiling starts: every ref between is taken. */
  readonly #next = new Map<string, bigint>();
  #lowest: bigint | undefined;

  constructor(
    private readonly kind: string,
    taken: Iterable<string>,
  ) {
    this.#pattern = new RegExp(`^REF-${kind}-[0-9A-F]+$`);
    for (const ref of taken) {
      this.#taken.add(ref);
      if (!this.#pattern.test(ref)) continue;
      const value = refValue(ref);
      if (this.#lowest === undefined || value < this.#lowest) this.#lowest = value;
    }
  }

  /**
   * The highest free ref below `ceiling` (below every ref seen when none is given), or
   * undefined when none is left there. Successive calls with one ceiling go on downwards.
   */
  below(ceiling?: string): string | undefined {
    const key = ceiling ?? '';
    let value =
      this.#next.get(key) ??
      (ceiling !== undefined && this.#pattern.test(ceiling)
        ? refValue(ceiling) - 1n
        : this.#lowest !== undefined
          ? this.#lowest - 1n
          : 0xffffn);
    for (; value > 0n; value--) {
      const ref = `REF-${this.kind}-${value.toString(16).toUpperCase()}`;
      if (!this.#taken.has(ref)) {
        this.#taken.add(ref);
        this.#next.set(key, value - 1n);
        return ref;
      }
    }
    this.#next.set(key, 0n);
    return undefined;
  }
}

/** Refs of the catalog's kinds no plan or order of the recording has, handed out downwards. */
function catalogRefs(
  seen: Observations,
): (kind: 'PLAN' | 'PERIOD' | 'REGION', ceiling?: string) => string | undefined {
  const text = JSON.stringify([
    ...seen.plans.values(),
    ...[...seen.orderedPlans.values()].map(({ request }) => request),
    ...seen.refusedPlans.values(),
  ]);
  const free = {
    PLAN: new FreeRefs('PLAN', text.match(/REF-PLAN-[0-9A-F]+/g) ?? []),
    PERIOD: new FreeRefs('PERIOD', text.match(/REF-PERIOD-[0-9A-F]+/g) ?? []),
    REGION: new FreeRefs('REGION', text.match(/REF-REGION-[0-9A-F]+/g) ?? []),
  };
  return (kind, ceiling) => free[kind].below(ceiling);
}

/**
 * A plan below each GET /plans cursor no later page followed, where none of `plans` is (of
 * the page's type, when it named one): `has_more` was true there, so the catalog held one
 * more the recording never saw. It copies the plan the cursor named, under a ref below it
 * and a code and name of its own. A page without a type gives it a type no page of the
 * recording asked for, so that no page of one type would have shown it.
 */
function plansBelowCursors(
  seen: Observations,
  plans: readonly Json[],
  freeRef: (kind: 'PLAN', ceiling: string) => string | undefined,
  notes: string[],
): Json[] {
  const added: Json[] = [];
  // A complete listing without a type showed every plan: none is below its last.
  if (seen.coveredTypes.has('*')) return added;
  const all = () => [...plans, ...added];
  const cursors = [...seen.planCursors.values()].filter(({ followed }) => !followed);
  // Those of a type first: a plan below one of them may stand below one without a type too.
  cursors.sort((a, b) => Number(a.type === undefined) - Number(b.type === undefined));
  for (const { cursor, type } of cursors) {
    const matches = (plan: Json) => type === undefined || plan.service_type === type;
    const under = (plan: Json) => compareRefs(String(plan.plan_ref), cursor) < 0;
    if (all().some((plan) => matches(plan) && under(plan))) continue;
    const named = all().find((plan) => plan.plan_ref === cursor && matches(plan));
    const serviceType =
      type ??
      [named?.service_type, ...SERVICE_TYPES].find(
        (t) => typeof t === 'string' && !seen.coveredTypes.has(t) && !seen.planTypesAsked.has(t),
      );
    if (named === undefined || serviceType === undefined) continue;
    const ref = freeRef('PLAN', cursor);
    if (ref === undefined) {
      notes.push(
        `no free plan ref was left below ${cursor}: a page of GET /plans has fewer after it`,
      );
      continue;
    }
    const codes = new Set(all().map((plan) => plan.code));
    let code = `unseen-${refValue(ref).toString(16)}`;
    while (codes.has(code)) code = `${code}-x`;
    added.push({
      ...named,
      plan_ref: ref,
      name: `Unseen plan ${ref}`,
      code,
      service_type: serviceType,
    });
  }
  if (added.length > 0) {
    notes.push(
      `${added.length} plans below a page of GET /plans no later page followed were never seen: they are placeholders (${added.map((plan) => String(plan.plan_ref)).join(', ')})`,
    );
  }
  return added;
}

/** Clock jumps kept: past them, an exchange placed wrong is a difference, as before. */
const MAX_CLOCK_JUMPS = 10_000;

/** Placeholder services a stats answer may call for: a recording's counts are not trusted past it. */
const MAX_PLACEHOLDER_SERVICES = 10_000;

/**
 * Adds what the recording's answers imply but never showed, so that replaying them
 * reproduces them: a record below each page's unfollowed `next_cursor` (so `has_more` holds),
 * the services a record linked or a Shield call named (so the links survive ownership
 * validation), and services enough to reproduce the first services stats. Placeholders copy
 * a neighbour's fields and link nothing.
 */
function inferUnseen(
  seen: Observations,
  lists: AccountLists,
  notes: string[],
  renewals: ReadonlyMap<string, readonly Json[]>,
  guessed: readonly ServiceAtStart[],
): { unnamed: number; termless: string[]; open: string[]; counted: CountedStatus[] } {
  const created = seen.createdServices;
  const stats =
    seen.stats === undefined ? undefined : statsBefore(seen.stats, seen, lists.services, renewals);
  const pool = new ServicePool(stats, lists.services);
  const statsAt = seen.stats?.at;
  const { moved, open } = pool.settle(guessed, (service, startStatus) =>
    statusAtTime(seen, renewals, service, {
      startStatus,
      atMs: statsAt as number,
      unrenewedExpired: false,
    }),
  );
  if (moved.length > 0) {
    const named = moved
      .slice(0, NAMED_LEFT_OUT)
      .map((service) => `${String(service.service_ref)} ${String(service.status)}`);
    if (moved.length > NAMED_LEFT_OUT) named.push(`${moved.length - NAMED_LEFT_OUT} more`);
    notes.push(
      `the status at the start the recording left open follows GET /services/stats for ${named.join(', ')}`,
    );
  }
  const refsOfKind = (kind: ListKind) =>
    new FreeRefs(LIST_REFS[kind].kind, [
      ...lists[kind].map((record) => String(record[LIST_REFS[kind].field])),
      ...(seen.cursors.get(kind)?.keys() ?? []),
      ...(kind === 'services'
        ? [
            ...created.keys(),
            ...seen.linkedServices,
            ...seen.shieldTargets.keys(),
            ...seen.writtenServices.keys(),
          ]
        : []),
    ]);
  const serviceRefs = new Set(lists.services.map((service) => String(service.service_ref)));
  const listedCount = lists.services.length;
  const addService = (service: Json) => {
    lists.services.push(service);
    serviceRefs.add(String(service.service_ref));
  };
  let crowded = false;
  let minted: string[] | undefined;
  const lowestMinted = (kind: ListKind) => {
    minted ??= refsMadeDuring(seen);
    return minted
      .filter((ref) => REF_OF[kind]?.test(ref))
      .sort(compareRefs)
      .at(0);
  };

  // A service never listed that a 409 showed ended before any write on it went through had
  // that status from the start; but when it showed it expired after the first stats, and
  // they counted no room for one more expired, it was alive then (active, else suspended,
  // as they have room for), and the stats are the last answer that showed it alive.
  const endedFirst = (ref: string) => {
    const conflict = seen.conflictStatus.get(ref);
    if (conflict === undefined || conflict.aliveSeq !== undefined) return undefined;
    const stats = seen.stats;
    if (
      conflict.status !== 'expired' ||
      stats === undefined ||
      stats.seq > conflict.seq ||
      conflict.placedAt - 1 <= stats.at ||
      pool.hasRoom('expired')
    )
      return conflict.status;
    const alive = ['active', 'suspended'].find((status) => pool.hasRoom(status));
    if (alive === undefined) return conflict.status;
    seen.lastAlive.set(ref, { seq: stats.seq, at: stats.at });
    conflict.aliveSeq = stats.seq;
    return alive;
  };
  // A service of `status` at the start, kept so until an answer showed it ended: active at
  // answers that proved it alive, then left out of a page of active services or shown expired
  // by a 409 (its term, never shown, ended in between); or suspended at a 409, then shown
  // expired by a later one (its suspension ran out in between). It ends just before that
  // answer in the replay (its plan unknown, it cannot renew; with no renewal invoice, a
  // suspended service expires at its `expires_at`), and stats after it count it expired.
  // What follows the last answer that showed it alive is set apart where it differs.
  const ofStatusFromStart = (
    ref: string,
    type: string | undefined,
    status: string,
    notActive?: boolean,
  ): Json => {
    const endMs =
      status === 'active'
        ? endedAfterAlive(seen, ref)?.endMs
        : status === 'suspended'
          ? suspensionEndMs(seen, ref)
          : undefined;
    if (endMs === undefined) return syntheticService(ref, pool.take(type, status, notActive));
    const statsStatus = statsAt !== undefined && statsAt >= endMs ? 'expired' : status;
    return {
      ...syntheticService(ref, pool.take(type, statsStatus, notActive)),
      status,
      expires_at: new Date(endMs).toISOString(),
    };
  };
  // Whether the first stats counted the service `ref` suspended, not active until a page
  // left it out: room for one suspended, none for it active (or expired, its term ended).
  const countedSuspended = (ref: string) => {
    const endMs = endedAfterAlive(seen, ref)?.endMs;
    const activeAtStats =
      statsAt !== undefined && endMs !== undefined && statsAt >= endMs ? 'expired' : 'active';
    return !pool.hasRoom(activeAtStats) && pool.hasRoom('suspended');
  };
  // Services a Shield call or a link named: a KVM with its protected address, else one the
  // stats say there is room for.
  for (const [ref, ip] of seen.shieldTargets) {
    if (serviceRefs.has(ref) || created.has(ref)) continue;
    const address = ip ?? '192.0.2.1';
    addService({
      ...ofStatusFromStart(ref, 'kvm', endedFirst(ref) ?? 'active'),
      primary_ip: address,
      ip_addresses: [address],
      // As an auto-renew answer showed it was before, when one did.
      auto_renew: seen.writtenServices.get(ref)?.autoRenew ?? false,
    });
  }
  for (const [ref, { kvm, firstAt, lastSeq, autoRenew }] of seen.writtenServices) {
    if (serviceRefs.has(ref) || created.has(ref)) continue;
    // Not expired (its write went through): active, but suspended when a page of active
    // services left it out before an auto-renew switch (which a suspended one takes), or
    // after the last one when the first stats left no room for it active (nor, its term
    // ended before them, expired) but room for it suspended.
    const leftOut = pageLeavingOut(seen.activeServicePages, ref);
    const suspended =
      !kvm &&
      leftOut !== undefined &&
      (leftOut.at <= firstAt || leftOut.seq < lastSeq || countedSuspended(ref));
    const status = endedFirst(ref) ?? (suspended ? 'suspended' : 'active');
    addService({
      ...ofStatusFromStart(ref, kvm ? 'kvm' : undefined, status),
      auto_renew: autoRenew ?? false,
    });
  }
  // Services whose type and status the pool picks from what the stats counted (in place
  // here, picked below), once every service of a known status took its own: a 409 showed
  // one expired, and a linked one before it must not take the last expired the stats counted.
  const statusUnknown: Array<{ service: Json; type: string | undefined; notActive: boolean }> = [];
  const addStatusUnknown = (ref: string, type: string | undefined, notActive: boolean) => {
    const service = syntheticService(ref, { type: type ?? 'kvm', status: 'active' });
    addService(service);
    statusUnknown.push({ service, type, notActive });
  };
  const renewalsAtStart = renewalsByService(lists.invoices);
  for (const ref of seen.linkedServices) {
    if (serviceRefs.has(ref) || created.has(ref)) continue;
    // Its renewal unpaid at the start and due after it: suspended then, its term ended when
    // that renewal was billed, and the replay's clock expires it at the due date.
    const renewal =
      seen.startMs === undefined
        ? undefined
        : suspendingRenewal(renewalsAtStart.get(ref) ?? [], ref, seen.startMs);
    if (renewal !== undefined) {
      const expiredByStats = statsAt !== undefined && statsAt >= (timeOf(renewal.due_date) ?? 0);
      addService({
        ...syntheticService(ref, pool.take(undefined, expiredByStats ? 'expired' : 'suspended')),
        status: 'suspended',
        auto_renew: true,
        expires_at: renewal.issue_date,
        renewal_invoice_ref: renewal.invoice_ref,
      });
      continue;
    }
    // Never listed: not active when a page of active services left it out (no page showed
    // it active; suspended where nothing tells), unless that page came after the first
    // stats, whose counts then tell (time may have ended it since).
    const leftOutAt = notActiveBefore(seen, ref);
    const notActive =
      leftOutAt !== undefined && (seen.stats === undefined || leftOutAt <= seen.stats.at);
    const status = endedFirst(ref);
    if (status === undefined) addStatusUnknown(ref, undefined, notActive);
    else addService(ofStatusFromStart(ref, undefined, status, notActive));
  }

  // Services only a 409 answer named, no write on them through before: the answer is a
  // service the account has, of that status from the start.
  for (const [ref, { status, aliveSeq }] of seen.conflictStatus) {
    if (serviceRefs.has(ref) || created.has(ref) || aliveSeq !== undefined) continue;
    addService(ofStatusFromStart(ref, undefined, endedFirst(ref) ?? status));
  }

  // Invoices a transaction or an order linked, never listed: an answer shows a link only to
  // a record the account has.
  const invoiceRefs = new Set(lists.invoices.map((invoice) => String(invoice.invoice_ref)));
  for (const record of [...lists.transactions, ...lists.orders]) {
    const ref = record.invoice_ref;
    if (typeof ref !== 'string' || invoiceRefs.has(ref) || !REF_OF.invoices.test(ref)) continue;
    invoiceRefs.add(ref);
    lists.invoices.push(invoiceLinkedBy(record, seen.vatRate ?? 0));
  }

  // A record below each cursor no later page asked for: `has_more` was true there.
  for (const kind of Object.keys(LIST_REFS) as ListKind[]) {
    const free = refsOfKind(kind);
    const { field } = LIST_REFS[kind];
    for (const [cursor, { filters, at, followed }] of seen.cursors.get(kind) ?? []) {
      if (followed) continue;
      // A service by the status it had at the page's time, not at the start.
      const fieldOf = (record: Json, name: string) =>
        kind === 'services' && name === 'status'
          ? statusAtTime(seen, renewals, record, {
              startStatus: String(record.status),
              atMs: at,
              unrenewedExpired: true,
            })
          : String(record[name]);
      const matches = (record: Json) =>
        Object.entries(filters).every(([name, value]) => fieldOf(record, name) === value);
      const under = (record: Json) => compareRefs(String(record[field]), cursor) < 0;
      // So do records the recording made, once made by the page's time.
      const madeField = MADE_AT[kind];
      const madeUnder = (record: Json) => {
        const made = madeField === undefined ? undefined : timeOf(record[madeField]);
        return (
          made !== undefined && made <= at && madeDuring(record, madeField as string, seen.startMs)
        );
      };
      // A service the recording's orders created by the page's time, as its order showed it.
      const createdUnder = () =>
        [...seen.orderAnswers].some(([ref, answer]) => {
          if (!created.has(ref) || answer.at > at) return false;
          const record: Json = { ...answer.service, service_ref: ref, status: 'active' };
          return under(record) && matches(record);
        });
      const below =
        lists[kind].some((record) => under(record) && matches(record)) ||
        (kind === 'services'
          ? createdUnder()
          : [...seen[kind].values()].some(
              (record) => madeUnder(record) && under(record) && matches(record),
            ));
      if (below) continue;
      const listed = lists[kind].find(matches) ?? lists[kind][0];
      const neighbour = listed ?? madeBefore(seen, kind, seen.startMs);
      // Older than every record the recording minted, so the replay mints what they were.
      const ref = free.below(listed === undefined ? (lowestMinted(kind) ?? cursor) : cursor);
      if (ref === undefined) crowded = true;
      else if (kind === 'services') {
        if (filters.status === undefined) addStatusUnknown(ref, filters.type, false);
        else addService(syntheticService(ref, pool.take(filters.type, filters.status)));
      } else if (neighbour !== undefined) {
        const placeholder: Json = { ...neighbour, [field]: ref };
        for (const link of LINK_FIELDS) if (link !== field) delete placeholder[link];
        lists[kind].push(placeholder);
      }
    }
  }

  const counted: CountedStatus[] = [];
  for (const { service, type, notActive } of statusUnknown) {
    Object.assign(service, pool.take(type, undefined, notActive));
    counted.push({ ref: String(service.service_ref), notActive, named: true });
  }

  // Named placeholders the stats counted alive: time may end them (they have no term).
  const termless = lists.services
    .slice(listedCount)
    .filter((service) => isAlive(service.status))
    .filter((service) => service.expires_at === undefined)
    .map((service) => String(service.service_ref));

  // Services enough to reproduce the first stats: below every services page seen.
  const left = pool.remaining();
  let added = 0;
  if (left < 0) {
    notes.push(
      'GET /services/stats disagrees with the services listed: its counts are not rebuilt',
    );
  } else if (left > MAX_PLACEHOLDER_SERVICES) {
    notes.push(
      `GET /services/stats counts ${left} services never listed, more than ${MAX_PLACEHOLDER_SERVICES}: its counts are not rebuilt`,
    );
  } else if (left > 0) {
    const free = refsOfKind('services');
    const unfollowed = [...(seen.cursors.get('services') ?? [])]
      .filter(([, { followed }]) => !followed)
      .map(([cursor]) => cursor)
      .sort(compareRefs)[0];
    for (; added < left; added++) {
      const ref = free.below(unfollowed);
      if (ref === undefined) {
        crowded = true;
        break;
      }
      addService(syntheticService(ref, pool.take()));
      counted.push({ ref, notActive: false, named: false });
    }
    notes.push(
      `${added} services were only counted (GET /services/stats), never listed: they are placeholders`,
    );
  }
  if (crowded) {
    notes.push(
      'no free ref was left below a page the recording saw: some placeholders are missing',
    );
  }
  return {
    unnamed: added,
    termless,
    open: open.map((service) => String(service.service_ref)),
    counted,
  };
}

/**
 * The paid invoice a transaction or an order (`record`) links, never listed: what the
 * record tells of it (its kind, amount, VAT, service, time and description).
 */
function invoiceLinkedBy(record: Json, vatRate: number): Json {
  const at = record.created_at;
  return {
    invoice_ref: record.invoice_ref,
    kind: record.kind === 'service_renewal' ? 'service_renewal' : 'service_order',
    transaction_kind: 'debit',
    amount: Math.abs(typeof record.amount === 'number' ? record.amount : 0),
    fee: 0,
    penalty: 0,
    vat_amount: typeof record.vat_amount === 'number' ? Math.abs(record.vat_amount) : 0,
    vat_rate: vatRate,
    currency: record.currency,
    status: 'paid',
    issue_date: at,
    paid_at: at,
    description: String(record.description ?? ''),
    customer_payable: false,
    ...(typeof record.service_ref === 'string' ? { service_ref: record.service_ref } : {}),
  };
}

/**
 * Services suspended at the start past their term's end: only a renewal billed at that end
 * and left unpaid keeps a service suspended past it (time ends the term of one suspended
 * otherwise), and it expires seven days on. The recording never listed that invoice (else
 * the rewind named it): a placeholder with a ref from `refs` stands for it, priced as its
 * last renewal the recording showed, else at its plan's monthly price when the catalog
 * showed it and the term was a month, else 0, so the replay keeps the service suspended
 * until then, as the upstream did.
 */
function billUnlistedSuspensions(
  { services, invoices }: Pick<AccountLists, 'services' | 'invoices'>,
  plans: Iterable<Json>,
  startMs: number,
  { vatRate, currency, refs }: { vatRate: number; currency: string; refs: FreeRefs },
  notes: string[],
): void {
  for (const service of services) {
    const endMs = timeOf(service.expires_at);
    if (
      service.status !== 'suspended' ||
      service.renewal_invoice_ref !== undefined ||
      service.reseller === true ||
      endMs === undefined ||
      endMs > startMs
    ) {
      continue;
    }
    const ref = refs.below();
    if (ref === undefined) {
      notes.push(`no free invoice ref was left for the unpaid renewal of ${service.service_ref}`);
      continue;
    }
    const price = lastRenewalPrice(service, invoices) ?? monthlyPriceOf(service, plans, currency);
    invoices.push({
      invoice_ref: ref,
      kind: 'service_renewal',
      transaction_kind: 'debit',
      amount: price === undefined ? 0 : fromCents(price.finalCents),
      fee: 0,
      penalty: 0,
      vat_amount: price === undefined ? 0 : fromCents(price.finalCents - price.baseCents),
      vat_rate: vatRate,
      currency,
      status: 'unpaid',
      issue_date: service.expires_at,
      due_date: new Date(endMs + SUSPENSION_MS).toISOString(),
      description: `Renewal of ${String(service.name)}`,
      customer_payable: true,
      service_ref: service.service_ref,
    });
    service.renewal_invoice_ref = ref;
    notes.push(
      `${String(service.service_ref)} was suspended past its term's end by a renewal invoice never listed: ${ref} stands for it${price === undefined ? ' (its amount unknown: 0)' : ''}`,
    );
  }
}

/** What a renewal of a service costs, in account cents: with VAT (`final`) and without. */
interface RenewalCents {
  readonly finalCents: number;
  readonly baseCents: number;
}

/** What the last renewal of `service` the scenario holds cost (listed, or a ledger link). */
function lastRenewalPrice(service: Json, invoices: readonly Json[]): RenewalCents | undefined {
  let last: Json | undefined;
  for (const invoice of invoices) {
    if (invoice.kind !== 'service_renewal' || invoice.service_ref !== service.service_ref) continue;
    if (last === undefined || String(invoice.issue_date) > String(last.issue_date)) last = invoice;
  }
  const [finalCents, vatCents] = [amountCents(last?.amount), amountCents(last?.vat_amount)];
  return finalCents === undefined || vatCents === undefined || finalCents <= 0
    ? undefined
    : { finalCents, baseCents: finalCents - vatCents };
}

/** A monthly service's price as its plan's listing showed it in the account's currency. */
function monthlyPriceOf(
  service: Json,
  plans: Iterable<Json>,
  currency: string,
): RenewalCents | undefined {
  const monthly =
    (service.last_period_unit ?? 'month') === 'month' && (service.last_period_amount ?? 1) === 1;
  if (!monthly) return undefined;
  for (const plan of plans) {
    if (plan.name !== service.service_plan_name || plan.service_type !== service.type) continue;
    const price = isJsonObject(plan.account_price) ? plan.account_price : {};
    const [finalCents, baseCents] = [amountCents(price.final), amountCents(price.base)];
    if (price.currency !== currency || finalCents === undefined || baseCents === undefined) {
      return undefined;
    }
    return { finalCents, baseCents };
  }
  return undefined;
}

/** A service the recording named but never showed: the spec's required fields. */
function syntheticService(ref: string, { type, status }: { type: string; status: string }): Json {
  return {
    service_ref: ref,
    name: ref.toLowerCase(),
    service_plan_name: 'unknown plan',
    type,
    status,
    auto_renew: false,
  };
}

/**
 * The stats the account had before the recording: the first stats answer less the services
 * the recording's orders created before it, and with the statuses time changed before it
 * taken back.
 */
function statsBefore(
  { seq, at, body }: { seq: number; at: number; body: Json },
  seen: Observations,
  services: readonly Json[],
  renewals: ReadonlyMap<string, readonly Json[]>,
): Json {
  const byType = { ...(isJsonObject(body.by_type) ? body.by_type : {}) } as Record<string, number>;
  const byStatus = { ...(isJsonObject(body.by_status) ? body.by_status : {}) } as Record<
    string,
    number
  >;
  const statusThen = (service: Json, start: string) =>
    statusAtTime(seen, renewals, service, { startStatus: start, atMs: at, unrenewedExpired: true });
  for (const [ref, createdSeq] of seen.createdServices) {
    if (createdSeq > seq) continue;
    const service = seen.services.get(ref)?.record ?? services.find((s) => s.service_ref === ref);
    const type = String(service?.type ?? 'kvm');
    // An order makes an active service; its first view may be later, when time changed it.
    const term = service ?? {
      service_ref: ref,
      expires_at: seen.orderAnswers.get(ref)?.service.expires_at,
      auto_renew: false,
    };
    const status = statusThen(term, 'active');
    if (byType[type] !== undefined) byType[type] -= 1;
    if (byStatus[status] !== undefined) byStatus[status] -= 1;
  }
  // Each service counted with the status it had then, not at the start.
  for (const service of services) {
    const start = String(service.status);
    const then = statusThen(service, start);
    if (then === start || byStatus[then] === undefined) continue;
    byStatus[then] -= 1;
    byStatus[start] = (byStatus[start] ?? 0) + 1;
  }
  return { by_type: byType, by_status: byStatus };
}

/**
 * The status at `atMs` of `service`, of status `startStatus` at the start, as its views show
 * it. Suspended at the start past its term's end, it was so by a renewal billed at that end,
 * which expires it seven days on (`billUnlistedSuspensions` bills it when no answer listed
 * it), not at that end. With `unrenewedExpired`, expired too where its term ended unrenewed
 * before `atMs`, auto-renew off, and no view showed it.
 */
function statusAtTime(
  seen: Observations,
  renewals: ReadonlyMap<string, readonly Json[]>,
  service: Json,
  {
    startStatus,
    atMs,
    unrenewedExpired,
  }: { startStatus: string; atMs: number; unrenewedExpired: boolean },
): string {
  const ref = String(service.service_ref);
  const endMs = timeOf(service.expires_at);
  const endedBeforeStart =
    endMs !== undefined && seen.startMs !== undefined && endMs <= seen.startMs;
  const billedAtEnd =
    startStatus === 'suspended' && endedBeforeStart ? [{ issue_date: service.expires_at }] : [];
  const views = seen.statusViews.get(ref) ?? [];
  const shown = statusAt(startStatus, views, [...(renewals.get(ref) ?? []), ...billedAtEnd], atMs);
  const expired =
    unrenewedExpired &&
    shown === 'active' &&
    expiredUnrenewed(service, views, seen.autoRenewWrites.get(ref), atMs);
  return expired ? 'expired' : shown;
}

/**
 * Whether a service active by its views had expired by `atMs` though no answer showed it: its
 * term ended before, auto-renew off then (as last switched by then), and no view from its end
 * on showed it active. Time expires such a term at its end, charging nothing.
 */
function expiredUnrenewed(
  service: Json,
  views: readonly StatusView[],
  autoRenewWrites: readonly { at: number; value: boolean }[] = [],
  atMs: number,
): boolean {
  const endMs = timeOf(service.expires_at);
  if (endMs === undefined || endMs > atMs) return false;
  return (
    !autoRenewAt(service, autoRenewWrites, endMs) &&
    !views.some((view) => view.at >= endMs && view.status === 'active')
  );
}

/** What `service`'s auto-renew was at `ms`: as last switched by then, else as it shows it. */
const autoRenewAt = (
  service: Json,
  writes: readonly { at: number; value: boolean }[],
  ms: number,
): boolean => writes.findLast((write) => write.at <= ms)?.value ?? service.auto_renew === true;

/**
 * Whether the renewal `invoice`, paid later than billed, was settled after the exchange
 * `seq`: a top-up settles unpaid renewals as it comes in, and every top-up of the instant it
 * was paid came after that exchange (a frozen clock stamps them alike).
 */
function settledAfter(
  invoice: Json,
  topUps: readonly { transaction: Json; after?: number }[],
  seq: number,
): boolean {
  const paidMs = timeOf(invoice.paid_at);
  if (paidMs === undefined || paidMs === timeOf(invoice.issue_date)) return false;
  const thatInstant = topUps.filter(({ transaction }) => timeOf(transaction.created_at) === paidMs);
  return thatInstant.length > 0 && thatInstant.every(({ after }) => (after ?? 0) >= seq);
}

/**
 * The balance is never below zero. Before the top-ups of the first balance answer's very
 * instant that the rewind counted before it (a frozen clock stamps them alike), it was that
 * answer's less them, plus what that instant's orders up to the answer charged (it may be an
 * order's, its charge taken): where that is below zero, the last made of them came after the
 * answer. Marks those `after` it and returns the cents they give back to the balance before
 * the recording (none when such an order's charge is unknown, or a renewal they may have
 * settled took money there).
 */
function placeAfterFirstBalance(
  seen: Observations,
  topUps: { transaction: Json; after?: number }[],
  renewalInvoices: readonly Json[],
  chargeOf: (serviceRef: string) => number | undefined,
): number {
  const first = seen.firstBalance;
  if (first === undefined) return 0;
  const atFirst = (ms: number | undefined) => ms === first.at;
  const sameInstant = topUps.filter(
    ({ transaction, after }) => (after ?? 0) < first.seq && atFirst(timeOf(transaction.created_at)),
  );
  let beforeThem = first.cents;
  for (const [serviceRef, seq] of seen.createdServices) {
    if (seq > first.seq || !atFirst(seen.orderAnswers.get(serviceRef)?.at)) continue;
    const charge = chargeOf(serviceRef);
    if (charge === undefined) return 0;
    beforeThem += charge;
  }
  let cameIn = 0;
  for (const { transaction } of sameInstant) cameIn += amountCents(transaction.amount) ?? 0;
  beforeThem -= cameIn;
  // A top-up settles unpaid renewals oldest first while it covers them, taking money at that
  // very instant: where the oldest unpaid then was within reach (or of unknown price: one a
  // service shown suspended by then was held by), the answer's balance tells nothing of when
  // they came. Unless a page of the ledger listed what was made from before that instant on,
  // and showed no renewal paid then: none was settled.
  if (
    !noRenewalPaidAt(seen, first.at) &&
    settlementWithin(
      renewalInvoices,
      seen.statusViews.values(),
      first.at,
      cameIn + Math.max(first.cents, 0),
    )
  ) {
    return 0;
  }
  // Nor after it: where what the ledger shows taken after that instant outruns the answer's
  // balance and what came in after it (first the top-ups of that instant already known to
  // have come after it), some of them came after the answer.
  let cameInAfter = 0;
  for (const { transaction, after } of topUps) {
    if ((after ?? 0) >= first.seq && atFirst(timeOf(transaction.created_at))) {
      cameInAfter += amountCents(transaction.amount) ?? 0;
    }
  }
  const lowest = cameInAfter + (lowestLedgerSumAfter(seen, first.at) ?? 0);
  let given = 0;
  const short = () => beforeThem < 0 || first.cents + given + lowest < 0;
  for (let i = sameInstant.length - 1; short() && i >= 0; i--) {
    const topUp = sameInstant[i] as (typeof sameInstant)[number];
    const cents = amountCents(topUp.transaction.amount) ?? 0;
    beforeThem += cents;
    given += cents;
    topUp.after = first.seq;
  }
  return given;
}

/**
 * The lowest running sum, from 0, of the ledger's amounts made after `atMs` (0 when it never
 * falls below), in cents: up to the last run of its pages that listed, later, all that was
 * made from before then on. Undefined when no run did.
 */
function lowestLedgerSumAfter(seen: Observations, atMs: number): number | undefined {
  const until = ledgerListedAfter(seen, atMs);
  if (until === undefined) return undefined;
  const after = [...seen.transactions.values()]
    .map((txn) => ({
      ms: timeOf(txn.created_at),
      ref: txn.transaction_ref,
      cents: amountCents(txn.amount),
    }))
    .filter(({ ms, cents }) => ms !== undefined && ms > atMs && ms <= until && cents !== undefined)
    .sort(
      (a, b) => (a.ms as number) - (b.ms as number) || compareRefs(String(a.ref), String(b.ref)),
    );
  let sum = 0;
  let lowest = 0;
  for (const { cents } of after) {
    sum += cents as number;
    lowest = Math.min(lowest, sum);
  }
  return lowest;
}

/**
 * When the last run of the ledger's pages that listed, after `atMs`, all that was made from
 * before then on was listed; undefined when none did.
 */
function ledgerListedAfter(seen: Observations, atMs: number): number | undefined {
  let listedAt: number | undefined;
  for (const { at, lowest, lastMadeAt } of pageRuns(seen.transactionPages)) {
    const fromBefore = lowest === 0n || (lastMadeAt !== undefined && lastMadeAt < atMs);
    if (fromBefore && at > atMs && (listedAt === undefined || at > listedAt)) listedAt = at;
  }
  return listedAt;
}

/**
 * Whether the ledger shows no renewal paid at `atMs`: a run of its pages listed later all
 * that was made from before then on, and none of the transactions it showed is one.
 */
function noRenewalPaidAt(seen: Observations, atMs: number): boolean {
  if (ledgerListedAfter(seen, atMs) === undefined) return false;
  for (const txn of seen.transactions.values()) {
    if (txn.kind === 'service_renewal' && timeOf(txn.created_at) === atMs) return false;
  }
  return true;
}

/**
 * Whether a top-up at `atMs` bringing the balance to `reachCents` may have settled a renewal:
 * the oldest unpaid then, of the renewal invoices the recording showed (unpaid, or paid or
 * cancelled after `atMs`) and those that held services shown suspended by then (billed at
 * their term's end, at a price unknown), costs no more, or an unknown price.
 */
function settlementWithin(
  renewalInvoices: readonly Json[],
  statusViews: Iterable<readonly StatusView[]>,
  atMs: number,
  reachCents: number,
): boolean {
  let oldest: { issuedMs: number; cents: number | undefined } | undefined;
  const consider = (issuedMs: number | undefined, cents: number | undefined) => {
    if (issuedMs === undefined || issuedMs > atMs) return;
    if (oldest === undefined || issuedMs < oldest.issuedMs) oldest = { issuedMs, cents };
  };
  for (const invoice of renewalInvoices) {
    const settledMs =
      invoice.status === 'paid'
        ? timeOf(invoice.paid_at)
        : invoice.status === 'cancelled'
          ? timeOf(invoice.due_date)
          : undefined;
    if (settledMs !== undefined && settledMs < atMs) continue;
    consider(timeOf(invoice.issue_date), amountCents(invoice.amount));
  }
  for (const views of statusViews) {
    for (const view of views) {
      if (view.status === 'suspended' && view.at <= atMs)
        consider(timeOf(view.expires_at), undefined);
    }
  }
  return oldest !== undefined && (oldest.cents === undefined || oldest.cents <= reachCents);
}

function build(seen: Observations): RecordedScenario {
  const notes: string[] = [];
  const start = seen.startMs;
  const created = seen.createdServices;
  const account = seen.account;
  if (account === undefined)
    notes.push('GET /me never answered: the account identity is a default');
  if (seen.otherAccounts.size > 0) {
    notes.push(
      `the recording used several accounts: only ${String(account?.account_ref)} is in the scenario (also seen: ${[...seen.otherAccounts].join(', ')})`,
    );
  }
  const currency = String(account?.account_currency ?? seen.firstBalance?.currency ?? 'EUR');
  const country = String(account?.country_code ?? 'DE');
  const accountRef = String(account?.account_ref ?? DEFAULT_ACCOUNT_REF);
  const rates = ratesShown(currency, seen.displayRates);
  if (seen.displayRates.size < 2) {
    notes.push(
      `exchange rates a balance never showed are the defaults (${Object.entries(DEFAULT_RATES)
        .map(([code, value]) => `${code} ${value}`)
        .join(', ')})`,
    );
  }
  /** Units of the account's currency per EUR: prices are converted back to EUR by it. */
  const rate = rates[currency as keyof typeof rates] ?? 1;

  // The orders the recording placed, and their invoices and transactions.
  const isCreatedService = (ref: unknown) => typeof ref === 'string' && created.has(ref);
  const orders = [...seen.orders.values()].filter(
    (o) => !isCreatedService(o.service_ref) && !madeDuring(o, 'created_at', start),
  );
  const createdInvoices = new Set(
    [...seen.invoices.values()]
      .filter((i) => isCreatedService(i.service_ref))
      .map((i) => i.invoice_ref),
  );
  // Renewal invoices only the ledger showed: those billed before the start were unpaid then.
  const ledgerRenewals = renewalsOnlyInLedger(seen, start);
  // Renewal invoices listed, and those only the ledger showed.
  const renewalInvoices = [...seen.invoices.values(), ...ledgerRenewals];
  const paidBefore = paidBeforeStart(seen, renewalInvoices, start);
  const asAtStart = (invoice: Json, seenMs: number) =>
    start === undefined || paidBefore.has(invoice)
      ? invoice
      : invoiceAtStart(invoice, seenMs, start);
  const invoices = [
    ...[...seen.invoices.values()]
      .filter((i) => !createdInvoices.has(i.invoice_ref) && !madeDuring(i, 'issue_date', start))
      .map((i) => asAtStart(i, seen.invoiceSeenAt.get(String(i.invoice_ref)) ?? (start as number))),
    ...ledgerRenewals
      .filter((i) => start !== undefined && !madeDuring(i, 'issue_date', start))
      .map((i) => asAtStart(i, timeOf(i.paid_at) as number)),
  ];
  const transactions = [...seen.transactions.values()].filter(
    (t) =>
      !isCreatedService(t.service_ref) &&
      !createdInvoices.has(t.invoice_ref) &&
      !madeDuring(t, 'created_at', start),
  );

  // Top-ups that came in while recording (not the recording's doing: the replay makes them).
  const topUps = topUpsDuring(seen, start);

  // The balance before: the first one seen plus what the orders before it debited.
  const charged = orderCharges(seen);
  let balanceCents = seen.firstBalance?.cents;
  let unknownBalanceFrom: { seq: number; service_ref: string } | undefined;
  if (balanceCents === undefined) notes.push('the balance was never shown: it is 0');
  else {
    for (const [serviceRef, seq] of created) {
      if (seq > (seen.firstBalance?.seq ?? 0)) continue;
      const debit = charged.get(serviceRef) ?? seen.quotedCharges.get(serviceRef);
      if (debit === undefined) {
        notes.push(
          `the charge of the order that created ${serviceRef} was never listed, nor the catalog before it: the balance before it is unknown`,
        );
        if (unknownBalanceFrom === undefined || seq < unknownBalanceFrom.seq) {
          unknownBalanceFrom = { seq, service_ref: serviceRef };
        }
      } else balanceCents += debit;
    }
    // And what renewals took and top-ups brought before it.
    if (start !== undefined && seen.firstBalance !== undefined) {
      const firstSeq = seen.firstBalance.seq;
      balanceCents += balanceChangesCents(
        renewalInvoices
          .filter((invoice) => !paidBefore.has(invoice))
          .map((invoice) => asLastShown(seen, invoice))
          .filter((invoice) => !settledAfter(invoice, topUps, firstSeq)),
        topUps
          .filter((topUp) => (topUp.after ?? 0) < firstSeq)
          .map(({ transaction }) => transaction),
        start,
        seen.firstBalance.at,
      );
      balanceCents += placeAfterFirstBalance(
        seen,
        topUps,
        renewalInvoices,
        (serviceRef) => charged.get(serviceRef) ?? seen.quotedCharges.get(serviceRef),
      );
    }
  }

  const renewals = renewalsByService(renewalInvoices);
  /** Terms that ended unbilled during the recording (see `termEndedUnbilled`). */
  const unbilledTermEnds: { at: number; from: number; service: Json }[] = [];
  let unlistedRenewal: RecordedScenario['unlistedRenewal'];
  const invoiceRuns = pageRuns(seen.invoicePages);
  /** Whether a run of GET /invoices pages from `atMs` on reached back before `fromMs`. */
  const invoicesCover = (fromMs: number, atMs: number) =>
    invoiceRuns.some(
      (run) =>
        run.at >= atMs &&
        (run.lowest === 0n || (run.lastMadeAt !== undefined && run.lastMadeAt < fromMs)),
    );
  const guessed: ServiceAtStart[] = [];
  const services = [...seen.services.entries()]
    .filter(([ref]) => !created.has(ref))
    .map(([ref, { seq, at, record }]) => {
      const service: Json = { ...record };
      // The first view came after the recording changed auto-renew: take the changes back.
      const writes = seen.autoRenewWrites.get(ref) ?? [];
      const firstWrite = writes[0];
      if (firstWrite !== undefined && firstWrite.seq < seq) service.auto_renew = !firstWrite.value;
      if (start === undefined) return service;
      // What auto-renew was at its term's end: as last switched by then.
      const endMs = Date.parse(String(service.expires_at));
      const autoRenewAtEnd = autoRenewAt(service, writes, endMs);
      const unbilled = termEndedUnbilled(
        { ...service, auto_renew: autoRenewAtEnd },
        renewals.get(ref) ?? [],
        { startMs: start, firstStatedMs: seen.firstStatedMs ?? start },
        at,
      );
      // Unless invoices listed after its end showed none billed since it could first renew:
      // then it did not renew, and was not active at its end (or its plan was not sold).
      const unbilledShown = unbilled !== undefined && invoicesCover(unbilled.from, unbilled.at);
      const ended = unbilledShown ? undefined : unbilled;
      if (ended !== undefined) unbilledTermEnds.push({ ...ended, service });
      // Or first shown active in a term a renewal no answer listed may have begun.
      const renewed = renewedUnlisted(
        service,
        writes,
        renewals.get(ref) ?? [],
        { startMs: start, firstStatedMs: seen.firstStatedMs ?? start },
        at,
      );
      if (
        renewed !== undefined &&
        !invoicesCover(renewed.from, at) &&
        (unlistedRenewal === undefined || renewed.from < Date.parse(unlistedRenewal.from))
      ) {
        unlistedRenewal = {
          at: new Date(renewed.at).toISOString(),
          from: new Date(renewed.from).toISOString(),
          service_ref: ref,
        };
      }
      // And what time did to it before that view (a renewal, an expiry).
      const activeAt = seen.activeAt.get(ref);
      const writtenAt = seen.writtenServices.get(ref)?.firstAt;
      const rewound = serviceAtStart(
        service,
        at,
        start,
        (renewals.get(ref) ?? []).filter((invoice) => !paidBefore.has(invoice)),
        seen.expiryDays.get(ref) ?? new Set(),
        {
          autoRenewAtEnd,
          leftOutOfActiveAt: notActiveBefore(seen, ref),
          leftOutOfSuspendedAt: leftOutAt(seen.suspendedServicePages, ref),
          activeAt,
          renewableBefore: ended !== undefined && ended.from < ended.at,
          unrenewed: unbilledShown && planSold(seen, service),
          suspendedAt: suspendedAt(seen, ref),
          openAt: writtenAt === undefined ? activeAt : Math.min(writtenAt, activeAt ?? writtenAt),
        },
      );
      if (rewound.otherStatuses.length > 0) guessed.push(rewound);
      return rewound.service;
    });

  const unsettled = inferUnseen(
    seen,
    { services, invoices, orders, transactions },
    notes,
    renewals,
    guessed,
  );
  const vatRate =
    seen.vatRate ??
    impliedVatRate(seen.plans.values()) ??
    vatRateOfLedger(seen) ??
    vatRateOfOrders(seen, new Map([...seen.balanceCharges, ...charged]), rate) ??
    0;
  if (start !== undefined) {
    // Below every invoice ref the recording showed, those minted while recording too: the
    // replay mints above the highest ref it holds, from where the upstream did.
    const shownInvoiceRefs = [
      ...(seen.cursors.get('invoices')?.keys() ?? []),
      ...seen.invoices.keys(),
      ...createdInvoices,
      ...[...seen.transactions.values(), ...seen.orders.values()].map((r) => r.invoice_ref),
    ].filter((ref): ref is string => typeof ref === 'string');
    billUnlistedSuspensions(
      { services, invoices },
      seen.plans.values(),
      start,
      { vatRate, currency, refs: new FreeRefs(LIST_REFS.invoices.kind, shownInvoiceRefs) },
      notes,
    );
  }

  const entitlement =
    seen.entitlement === undefined && seen.shieldProven
      ? { status: 'active', grace_ends_at: null, mutations_blocked: false }
      : seen.entitlement;
  const shield = isJsonObject(entitlement)
    ? {
        status: entitlement.status,
        grace_ends_at: entitlement.grace_ends_at ?? null,
        mutations_blocked: entitlement.mutations_blocked === true,
        ...(typeof entitlement.mutation_blocked_reason === 'string'
          ? { mutation_blocked_reason: entitlement.mutation_blocked_reason }
          : {}),
      }
    : null;
  if (entitlement === undefined)
    notes.push('no Shield answer: the account has no Shield subscription');
  // A 2xx answer proves the key holds its scope; a scope only ever refused is not held.
  const refused = [...seen.refusedScopes].filter((scope) => !seen.grantedScopes.has(scope));
  const scopes = refused.length === 0 ? ['*'] : SCOPES.filter((scope) => !refused.includes(scope));

  const rules = [...seen.rules.values()].filter(
    (r) => !seen.createdRules.has(String(r.id)) && !madeDuring(r, 'created_at', start),
  );
  const profiles = [...seen.profiles.entries()]
    .filter(([, p]) => typeof p.code === 'string' && p.code !== 'off')
    .map(([serviceRef, p]) => ({
      service_ref: serviceRef,
      code: p.code,
      version: typeof p.version === 'string' ? p.version : '1',
      bundle_id: null,
      requested_at: Math.max(0, Number(p.at) - 60_000),
    }));
  const startIso = new Date(start ?? Date.now()).toISOString();
  const storedReplays = seen.replayedWrites.entries(accountRef, startIso);
  const listed = [...seen.plans.values()].map((p) =>
    planOf(p, seen.specs.get(String(p.code)), country, rate),
  );
  const plans = [...listed];
  const freeCatalogRef = catalogRefs(seen);
  if (start !== undefined) {
    const inferred = inferPlans(
      {
        listed,
        coveredTypes: seen.coveredTypes,
        orders: seen.orderedPlans,
        refusedOrders: seen.refusedPlans,
        services,
        renewals,
        invoices: seen.invoices,
        ledgerOrders: seen.orders.values(),
        startMs: start,
      },
      { country, rate, freeRef: freeCatalogRef },
    );
    for (const plan of inferred) {
      const specs = seen.specs.get(String(plan.code));
      plans.push(specs === undefined ? plan : { ...plan, specs });
      notes.push(
        plan.price_eur === NEVER_AFFORDED_EUR
          ? `plan ${String(plan.code)} was only ever refused for want of balance and never listed: it is priced at ${NEVER_AFFORDED_EUR} EUR, which no balance pays`
          : `plan ${String(plan.code)} (${String(plan.name)}) was bought or renewed but never listed: its one period is priced from what was charged`,
      );
    }
  }
  plans.push(...plansBelowCursors(seen, plans, freeCatalogRef, notes));
  // A plan's stock: what the recording's orders took of it before an answer showed it out.
  for (const plan of plans) {
    const outAfter = seen.planStock.get(String(plan.code))?.outAfter;
    if (outAfter !== undefined) plan.stock = outAfter;
  }
  const shieldSnapshot: ShieldSnapshot | undefined =
    rules.length === 0 && profiles.length === 0 && seen.infrastructureSince === undefined
      ? undefined
      : ({
          version: 1,
          infrastructure_since: seen.infrastructureSince ?? startIso,
          rules: rules.map((r, i) => ruleOf(r, i + 1, accountRef)),
          profiles,
          next_seq: rules.length + 1,
        } as ShieldSnapshot);
  if (seen.skipped > 0)
    notes.push(`${seen.skipped} answers were cut at the recording's body cap and not read`);
  if (seen.omitted > 0)
    notes.push(
      `${seen.omitted} answers were left out of the recording (the recorder could not check them for credentials) and not read`,
    );
  if (seen.badBase64 > 0)
    notes.push(
      `${seen.badBase64} answers were marked base64 but are not valid base64 (edited or damaged) and not read`,
    );

  const scenario: ScenarioInput = {
    now: startIso,
    rates,
    plans: plans as ScenarioInput['plans'],
    accounts: [
      {
        account_ref: accountRef,
        email: String(account?.email ?? 'recorded@example.test'),
        first_name: String(account?.first_name ?? 'Recorded'),
        last_name: String(account?.last_name ?? 'Account'),
        country_code: country,
        account_currency: currency as 'EUR',
        preferred_locale: String(account?.preferred_locale ?? 'en-GB'),
        status: String(account?.status ?? 'active'),
        balance: fromCents(balanceCents ?? 0),
        vat_rate: vatRate,
        billing_profile_complete: true,
        shield: shield as never,
        api_keys: [{ token: PLACEHOLDER_TOKEN, scopes: scopes as never, allowed_ips: [] }],
        services: services as never,
        invoices: invoices as never,
        orders: orders as never,
        transactions: transactions as never,
      },
    ],
    ...(shieldSnapshot === undefined ? {} : { extensions: { shield: shieldSnapshot } }),
    ...(storedReplays.length === 0
      ? {}
      : { idempotency: storedReplays as ScenarioInput['idempotency'] }),
  };
  const unseenRenewal =
    start === undefined
      ? undefined
      : [...renewals]
          .filter(([ref]) => !seen.services.has(ref) && !created.has(ref))
          .flatMap(([, billed]) => billed)
          .filter((invoice) => madeDuring(invoice, 'issue_date', start))
          .sort((a, b) => Date.parse(String(a.issue_date)) - Date.parse(String(b.issue_date)))[0];
  const unpriced = unpricedTermEnd(seen, services, scenario.plans ?? [], start);
  const unknownTermEnd = firstUnknownTermEnd(unbilledTermEnds, plans, seen.coveredTypes);
  return {
    scenario: loadable(scenario, notes),
    notes,
    clockJumps: seen.clockJumps.jumps,
    dateFollowsClock: seen.dateFollowsClock,
    ...(unpriced === undefined ? {} : { unpricedTermEnd: unpriced }),
    ...(unlistedRenewal === undefined ? {} : { unlistedRenewal }),
    topUps: topUps.map(({ transaction, after, listed }) => ({
      at: String(transaction.created_at),
      amount: Number(transaction.amount),
      ...(after === undefined ? {} : { after }),
      ...(listed === undefined ? {} : { listed }),
    })),
    mintedRefs: mintedDuring(seen, start),
    ...(unknownTermEnd === undefined
      ? {}
      : {
          unknownTermEnd: {
            at: new Date(unknownTermEnd.at).toISOString(),
            service_ref: unknownTermEnd.service_ref,
            ...(unknownTermEnd.from < unknownTermEnd.at
              ? { from: new Date(unknownTermEnd.from).toISOString() }
              : {}),
          },
        }),
    ...(unknownBalanceFrom === undefined ? {} : { unknownBalanceFrom }),
    ...(seen.firstBalance === undefined
      ? {}
      : { balanceFrom: { seq: seen.firstBalance.seq, at: seen.firstBalance.at } }),
    ledgerRuns: ledgerRuns(seen),
    invoicesListedAt: invoiceRuns.filter((run) => run.lowest === 0n).map((run) => run.at),
    servicesListed: pageRuns(seen.servicePages).some(({ lowest }) => lowest === 0n),
    scopesOfSeveralKeys: [...seen.refusedScopes].filter((scope) => seen.grantedScopes.has(scope)),
    ...(seen.otherAccounts.size === 0 ? {} : { otherAccounts: [...seen.otherAccounts] }),
    ...(unseenRenewal === undefined
      ? {}
      : {
          unseenRenewal: {
            at: String(unseenRenewal.issue_date),
            invoice_ref: String(unseenRenewal.invoice_ref),
            service_ref: String(unseenRenewal.service_ref),
          },
        }),
    ...endedUnseen(seen, unsettled.termless),
    ...unsettledFrom(
      unsettled,
      seen.stats ?? (start === undefined ? undefined : { seq: 0, at: start }),
    ),
    ...(seen.stats === undefined || unsettled.counted.length === 0
      ? {}
      : {
          countedStatuses: {
            seq: seen.stats.seq,
            at: seen.stats.at,
            services: unsettled.counted,
          },
        }),
  };
}

/** {@link RecordedScenario.unsettled}, placed at `since` (the first stats, else the start). */
function unsettledFrom(
  { unnamed, termless, open }: { unnamed: number; termless: string[]; open: string[] },
  since: { seq: number; at: number } | undefined,
): Pick<RecordedScenario, 'unsettled'> {
  if (since === undefined || unnamed + termless.length + open.length === 0) return {};
  return { unsettled: { unnamed, termless, open, seq: since.seq, at: since.at } };
}

/**
 * {@link RecordedScenario.endedUnseen}, from the writes on services never listed; not for a
 * service left out of a page of active services that the scenario holds `termless` (the
 * stats counted it suspended from the start, not ended in between).
 */
function endedUnseen(
  seen: Observations,
  termless: readonly string[],
): Pick<RecordedScenario, 'endedUnseen'> {
  let first: RecordedScenario['endedUnseen'];
  const note = (ended: NonNullable<RecordedScenario['endedUnseen']>) => {
    if (first === undefined || ended.aliveSeq < first.aliveSeq) first = ended;
  };
  const unlisted = (ref: string) => !seen.services.has(ref) && !seen.createdServices.has(ref);
  const termlessRefs = new Set(termless);
  for (const [ref, { seq, status, aliveSeq }] of seen.conflictStatus) {
    if (aliveSeq === undefined || !unlisted(ref)) continue;
    const counted = aliveSeq === seen.stats?.seq;
    note({ service_ref: ref, aliveSeq, seq, status, ...(counted ? { alive: 'counted' } : {}) });
  }
  for (const [ref, { aliveSeq, seq }] of seen.suspensionEnds) {
    if (unlisted(ref))
      note({ service_ref: ref, aliveSeq, seq, status: 'expired', alive: 'suspended' });
  }
  for (const ref of seen.lastAlive.keys()) {
    const ended = unlisted(ref) && !termlessRefs.has(ref) ? endedAfterAlive(seen, ref) : undefined;
    if (ended === undefined) continue;
    note({
      service_ref: ref,
      aliveSeq: ended.aliveSeq,
      seq: ended.seq,
      status: 'no longer active',
    });
  }
  return first === undefined ? {} : { endedUnseen: first };
}

/**
 * The first answer (its seq) that showed the service `ref` ended after the last 2xx answer
 * that proved it alive (`aliveSeq`, see `Observations.lastAlive`): a page of active services
 * that left it out, or a 409 that showed it expired. Its term ended in between, at `endMs`
 * at the latest (a moment before where the replay places that answer). Undefined when no
 * answer did so, or when the two share an upstream time (a frozen clock), which leaves no
 * moment between.
 */
function endedAfterAlive(
  seen: Observations,
  ref: string,
): { aliveSeq: number; seq: number; endMs: number } | undefined {
  const alive = seen.lastAlive.get(ref);
  const page = pageLeavingOut(seen.activeServicePages, ref);
  const expired = expiredAfterAlive(seen, ref);
  const end =
    page !== undefined &&
    alive !== undefined &&
    page.seq >= alive.seq &&
    (expired === undefined || page.seq < expired.seq)
      ? page
      : expired;
  if (alive === undefined || end === undefined || end.at - 1 <= alive.at) return undefined;
  return { aliveSeq: alive.seq, seq: end.seq, endMs: end.at - 1 };
}

/**
 * The 409 that first showed the service `ref` expired, right after the last answer that
 * proved it alive: its seq and where the replay places it (`at`).
 */
function expiredAfterAlive(
  seen: Observations,
  ref: string,
): { seq: number; at: number } | undefined {
  const conflict = seen.conflictStatus.get(ref);
  const alive = seen.lastAlive.get(ref);
  return alive !== undefined && conflict?.status === 'expired' && conflict.aliveSeq === alive.seq
    ? { seq: conflict.seq, at: conflict.placedAt }
    : undefined;
}

/**
 * When the suspension of the service `ref`, suspended from the start, ran out in the replay:
 * just before the 409 that first showed it expired, after one that showed it suspended (see
 * `Observations.suspensionEnds`) or after answers that showed it alive.
 */
function suspensionEndMs(seen: Observations, ref: string): number | undefined {
  const ended = seen.suspensionEnds.get(ref);
  if (ended !== undefined) return ended.at - 1;
  const expired = expiredAfterAlive(seen, ref);
  const alive = seen.lastAlive.get(ref);
  return expired !== undefined && alive !== undefined && expired.at - 1 > alive.at
    ? expired.at - 1
    : undefined;
}

/**
 * When `service`'s term ended, if it ended during the recording (at or after `startMs`,
 * before its first view at `seenMs`), that view shows it with auto-renew on but no longer
 * active, and no renewal of it was billed during the recording: else undefined. `from`: the
 * first time after the first one an answer stated (`firstStatedMs`: the start is estimated
 * back from it) at which a monthly term ending then could have ended before, unlisted.
 */
function termEndedUnbilled(
  service: Json,
  renewals: readonly Json[],
  { startMs, firstStatedMs }: { startMs: number; firstStatedMs: number },
  seenMs: number,
): { at: number; from: number } | undefined {
  // Without auto-renew a term ends in an expiry whatever came before: the replay does that.
  if (service.auto_renew !== true) return undefined;
  if (service.status !== 'expired' && service.status !== 'suspended') return undefined;
  const endMs =
    typeof service.expires_at === 'string' ? Date.parse(service.expires_at) : Number.NaN;
  if (!(endMs >= startMs && endMs <= seenMs)) return undefined;
  const billed = renewals.some((invoice) => {
    const issued = Date.parse(String(invoice.issue_date));
    return issued >= startMs && issued <= seenMs;
  });
  if (billed) return undefined;
  // Its term at the start may have been shorter and renewed since, unlisted: monthly (the
  // shortest period) on its term's day, at each of which the recording cannot tell.
  let from = endMs;
  for (let months = 1; months <= MAX_MONTHS_BACK; months++) {
    const earlier = addMonths(endMs, -months, dayOfMonth(endMs));
    if (earlier <= firstStatedMs) break;
    from = earlier;
  }
  return { at: endMs, from };
}

/**
 * The term ends during the recording (after the first time an answer stated, by `seenMs`)
 * at which `service`, first shown at `seenMs` active with auto-renew on, would have renewed
 * into the term it shows, one period (its last, else a month: the shortest) at a time, when
 * no renewal of it billed during the recording was listed: `at` the last, `from` the first.
 * The recording cannot tell whether it renewed there (its period may have been longer),
 * nor what that charged; the replay, from the term shown, renews it at its end only.
 */
function renewedUnlisted(
  service: Json,
  autoRenewWrites: readonly { at: number; value: boolean }[],
  renewals: readonly Json[],
  { startMs, firstStatedMs }: { startMs: number; firstStatedMs: number },
  seenMs: number,
): { at: number; from: number } | undefined {
  if (service.status !== 'active') return undefined;
  const endMs = timeOf(service.expires_at);
  if (endMs === undefined || endMs <= seenMs) return undefined;
  const billed = renewals.some((invoice) => {
    const issued = timeOf(invoice.issue_date);
    return issued !== undefined && issued >= startMs && issued <= seenMs;
  });
  if (billed) return undefined;
  const months = periodMonths(service as ServiceRecord) ?? 1;
  const termEnd = (back: number) => addMonths(endMs, -back, dayOfMonth(endMs));
  const renewable = (earlier: number) =>
    earlier > firstStatedMs && earlier <= seenMs && autoRenewAt(service, autoRenewWrites, earlier);
  // Looked for from both ends of the recording, not walked month by month across it (a
  // hostile file may span a century of them for every service). Term ends in a month after
  // the view's come after it: `at` is looked for from below them.
  const after = monthIndex(endMs) - monthIndex(seenMs) - 1;
  let atBack: number | undefined;
  for (
    let back = Math.max(months, after - (after % months));
    back <= MAX_MONTHS_BACK;
    back += months
  ) {
    const earlier = termEnd(back);
    if (earlier <= firstStatedMs) break;
    if (renewable(earlier)) {
      atBack = back;
      break;
    }
  }
  if (atBack === undefined) return undefined;
  // A month past the first stated time's, `from` is looked for from there down.
  const last = Math.min(MAX_MONTHS_BACK, monthIndex(endMs) - monthIndex(firstStatedMs) + months);
  for (let back = Math.floor(last / months) * months; back > atBack; back -= months) {
    const earlier = termEnd(back);
    if (renewable(earlier)) return { at: termEnd(atBack), from: earlier };
  }
  return { at: termEnd(atBack), from: termEnd(atBack) };
}

/** The month of `ms` counted from year 0 (UTC): months apart is a difference of two. */
function monthIndex(ms: number): number {
  const date = new Date(ms);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** How far {@link termEndedUnbilled} looks back for the renewals of a term (100 years). */
const MAX_MONTHS_BACK = 1200;

const ORDER_NAMED = /^Order (REF-ORD-[0-9A-F]+):/;

/** The refs of the records the recording shows made during it (see {@link RecordedScenario}). */
function mintedDuring(seen: Observations, start: number | undefined): string[] {
  const minted = [...seen.createdServices.keys()];
  /** Each ordered service's place among the recording's orders (0: the first). */
  const orderIndex = new Map(minted.map((ref, index) => [ref, index]));
  // Only orders mint order refs, one each, and an order's answer does not show its own: the
  // recording's first order minted the ref of a later one it showed, less the orders between
  // (the first orders may be shown by no answer).
  const orderShown = (orderRef: string, serviceRef: unknown) => {
    minted.push(orderRef);
    const later = typeof serviceRef === 'string' ? (orderIndex.get(serviceRef) ?? 0) : 0;
    const first = later > 0 ? refValue(orderRef) - BigInt(later) : 0n;
    if (first > 0n) minted.push(formatRef('ORD', first));
  };
  const made = (records: Iterable<Json>, at: string, ref: string) => {
    for (const record of records) {
      if (!madeDuring(record, at, start)) continue;
      if (typeof record[ref] === 'string') {
        if (ref === 'order_ref') orderShown(record[ref], record.service_ref);
        else minted.push(record[ref]);
      }
      // An order's invoice and transaction name it (`Order REF-ORD-1A: …`) where no listed
      // order shows it.
      const named =
        typeof record.description === 'string' ? ORDER_NAMED.exec(record.description) : null;
      if (named !== null) orderShown(named[1] as string, record.service_ref);
    }
  };
  made(seen.orders.values(), 'created_at', 'order_ref');
  made(seen.invoices.values(), 'issue_date', 'invoice_ref');
  made(seen.transactions.values(), 'created_at', 'transaction_ref');
  return minted;
}

/** Whether `plans` (catalog plans) hold `service`'s plan: its name and type. */
const sellsPlanOf = (plans: Iterable<Json>, service: Json): boolean =>
  [...plans].some(
    (plan) => plan.name === service.service_plan_name && plan.service_type === service.type,
  );

/** Whether the recording showed `service`'s plan sold: listed, or ordered during it. */
function planSold(seen: Observations, service: Json): boolean {
  return (
    sellsPlanOf(seen.plans.values(), service) ||
    [...seen.orderedPlans.values()].some(({ answer }) => {
      const ordered = isJsonObject(answer.service) ? answer.service : {};
      return (
        ordered.service_plan_name === service.service_plan_name && ordered.type === service.type
      );
    })
  );
}

/**
 * {@link RecordedScenario.unknownTermEnd}: the earliest of the terms that ended unbilled,
 * leaving out those of a plan a complete listing of its type's catalog did not sell (nor
 * the rebuilt catalog): such a term could renew neither upstream nor in the replay, and ends
 * in both at its end, as shown.
 */
function firstUnknownTermEnd(
  ended: readonly { at: number; from: number; service: Json }[],
  plans: readonly Json[],
  coveredTypes: ReadonlySet<string>,
): { at: number; from: number; service_ref: string } | undefined {
  let first: { at: number; from: number; service: Json } | undefined;
  for (const term of ended) {
    const { type } = term.service;
    const unsold =
      (coveredTypes.has('*') || coveredTypes.has(String(type))) &&
      !sellsPlanOf(plans, term.service);
    if (!unsold && (first === undefined || term.from < first.from)) first = term;
  }
  return (
    first && { at: first.at, from: first.from, service_ref: String(first.service.service_ref) }
  );
}

/**
 * {@link RecordedScenario.unpricedTermEnd}, from the services and plans as rebuilt, with
 * auto-renew as the recording's switches left it at each term's end.
 */
function unpricedTermEnd(
  seen: Observations,
  services: readonly Json[],
  plans: readonly Json[],
  start: number | undefined,
): { at: string; service_ref: string } | undefined {
  const { coveredTypes } = seen;
  if (start === undefined || coveredTypes.has('*')) return undefined;
  let first: { ms: number; service: Json } | undefined;
  for (const service of services) {
    const ms = Date.parse(String(service.expires_at));
    if (service.status !== 'active' || !(ms >= start)) continue;
    const switches = seen.autoRenewWrites.get(String(service.service_ref)) ?? [];
    if (!autoRenewAt(service, switches, ms) || coveredTypes.has(String(service.type))) continue;
    if (!sellsPlanOf(plans, service) && (first === undefined || ms < first.ms)) {
      first = { ms, service };
    }
  }
  return first === undefined
    ? undefined
    : { at: new Date(first.ms).toISOString(), service_ref: String(first.service.service_ref) };
}

/**
 * The renewals made during the recording that a page of transactions showed and no page of
 * invoices did, as the paid renewal invoices they settled: issued and paid when the
 * transaction was made, unless the service's term shows it billed earlier (see
 * {@link settledTermEnd}).
 */
function renewalsOnlyInLedger(seen: Observations, start: number | undefined): Json[] {
  const renewals: Json[] = [];
  const ledgerOnly = [...seen.transactions.values()].filter((txn) => {
    const ref = txn.invoice_ref;
    return (
      txn.kind === 'service_renewal' &&
      typeof ref === 'string' &&
      !seen.invoices.has(ref) &&
      madeDuring(txn, 'created_at', start)
    );
  });
  for (const txn of ledgerOnly) {
    const invoice = invoiceLinkedBy(txn, seen.vatRate ?? 0);
    const billedMs = settledTermEnd(seen, txn);
    if (billedMs !== undefined) {
      Object.assign(invoice, {
        issue_date: new Date(billedMs).toISOString(),
        due_date: new Date(billedMs + SUSPENSION_MS).toISOString(),
      });
    }
    renewals.push(invoice);
  }
  return renewals;
}

/**
 * When the renewal `txn` was billed, where that was before it was paid: the end of the term
 * it renewed, the last before the payment of those the service's first view showed it on
 * (its term end, whole periods back: the service's last period, else a month), when that
 * view came after the payment, or the term end itself when that view showed the service
 * suspended, and the end lies less than seven days before the payment. Time bills a
 * renewal at a term's end and takes it at once when the balance covers it; one taken later
 * was left unpaid, the service suspended, until a top-up settled it, and the term it began
 * ran from the end of the last (so later terms end on the same days).
 */
function settledTermEnd(seen: Observations, txn: Json): number | undefined {
  const serviceRef = txn.service_ref;
  const paidMs = timeOf(txn.created_at);
  const view = typeof serviceRef === 'string' ? seen.services.get(serviceRef) : undefined;
  const expiresMs = timeOf(view?.record.expires_at);
  if (view === undefined || paidMs === undefined || expiresMs === undefined) return undefined;
  // Shown suspended before it was paid (a frozen clock may stamp both alike), its term ended
  // unrenewed: billed at that end.
  if (view.record.status === 'suspended' && expiresMs < paidMs) {
    return paidMs - expiresMs < SUSPENSION_MS ? expiresMs : undefined;
  }
  if (view.at < paidMs) return undefined;
  const months = periodMonths(view.record as ServiceRecord) ?? 1;
  const termDay = Math.max(
    dayOfMonth(expiresMs),
    ...(seen.expiryDays.get(serviceRef as string) ?? []),
  );
  const billedMs = termEndBefore(expiresMs, paidMs, months, termDay);
  return billedMs !== undefined && paidMs - billedMs < SUSPENSION_MS ? billedMs : undefined;
}

/**
 * The last end before `beforeMs` of the terms of `months` months on `termDay` that end at
 * `endMs` (at or after it): whole periods back from there. Undefined past the calendar's
 * range (a hostile recording's period of a billion months).
 */
function termEndBefore(
  endMs: number,
  beforeMs: number,
  months: number,
  termDay: number,
): number | undefined {
  // From one period short of the periods apart: the first end before is the last, at most
  // three steps on.
  const first = Math.max(1, Math.floor((monthIndex(endMs) - monthIndex(beforeMs)) / months) - 1);
  for (let back = first; back < first + 3; back++) {
    const ms = addMonths(endMs, -back * months, termDay);
    if (ms < beforeMs) return ms;
  }
  return undefined;
}

/**
 * How many items of `sorted` from the first one `holds` (true up to some point, false after
 * it), found by halving.
 */
function countWhile<T>(sorted: readonly T[], holds: (item: T) => boolean): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (holds(sorted[middle] as T)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** {@link RecordedScenario.ledgerRuns}, from the pages of transactions seen. */
function ledgerRuns(seen: Observations): { seq: number; since?: number }[] {
  return pageRuns(seen.transactionPages).map(({ seq, lowest, lastMadeAt }) =>
    // A run whose last record's time is unknown tells nothing of what it covers.
    lowest === 0n ? { seq } : { seq, since: lastMadeAt ?? Number.POSITIVE_INFINITY },
  );
}

/** A run of a list's pages (see {@link pageRuns}). */
interface PageRun {
  /** The seq and upstream time of its first page. */
  readonly seq: number;
  readonly at: number;
  /** How far down it listed: 0 when to the very first record. */
  lowest: bigint;
  /** When its last record was made, if it had more after it. */
  lastMadeAt?: number | undefined;
}

/**
 * The runs of a list's pages, each from a first page on (a page asked with the cursor the
 * last one ended on continues it): the seq of its first page, and how far down it listed
 * (`lowest` 0: to the very first record), with the time its last record was made.
 */
function pageRuns(spans: readonly PageSpan[]): PageRun[] {
  const runs: PageRun[] = [];
  for (const page of spans) {
    const run =
      page.below === undefined
        ? undefined
        : runs.find((open) => open.lowest !== 0n && open.lowest === page.below);
    if (page.below !== undefined && run === undefined) continue;
    const reached = { lowest: page.from, lastMadeAt: page.lastMadeAt };
    if (run === undefined) runs.push({ seq: page.seq, at: page.at, ...reached });
    else Object.assign(run, reached);
  }
  return runs;
}

/** The first time a page of active services left the service `ref` out, if one did. */
function notActiveBefore(seen: Observations, ref: string): number | undefined {
  return leftOutAt(seen.activeServicePages, ref);
}

/** The first time a page of `pages` left the service `ref` out, if one did. */
function leftOutAt(pages: readonly PageSpan[], ref: string): number | undefined {
  return pageLeavingOut(pages, ref)?.at;
}

/** The first page of `pages` that left the service `ref` out, if one did. */
function pageLeavingOut(pages: readonly PageSpan[], ref: string): PageSpan | undefined {
  if (!REF_OF.services.test(ref)) return undefined;
  const value = refValue(ref);
  return pages.find((page) => leftOut(page, value));
}

/**
 * The last exchange by `byMs` that showed the service `ref` not active: a view of it
 * suspended (a page, a 409), or a page of active services that left it out. An answer that
 * states no time is placed by an estimate, its Date to the second: one of a second later may
 * be of that instant (an older one comes before that instant's top-ups anyway).
 */
function lastShownNotActive(seen: Observations, ref: string, byMs: number): number | undefined {
  const by = (at: number) => at <= byMs + DATE_RESOLUTION_MS;
  let seq = seen.suspendedViews.get(ref)?.findLast((view) => by(view.at))?.seq;
  const value = REF_OF.services.test(ref) ? refValue(ref) : undefined;
  for (const page of seen.activeServicePages) {
    if (value !== undefined && by(page.at) && leftOut(page, value))
      seq = Math.max(seq ?? 0, page.seq);
  }
  return seq;
}

/**
 * A renewal `invoice` as last shown: paid, when a page first showed it unpaid and a later one
 * paid (the invoices kept are as first shown, as they were nearer the start).
 */
function asLastShown(seen: Observations, invoice: Json): Json {
  const paidMs = seen.unpaidRenewals.get(String(invoice.invoice_ref))?.paidMs;
  if (invoice.status !== 'unpaid' || paidMs === undefined) return invoice;
  return { ...invoice, status: 'paid', paid_at: new Date(paidMs).toISOString() };
}

/** Notes when a page showed a renewal invoice unpaid, and when a later one showed it paid. */
function noteRenewalPayment(seen: Observations, invoice: Json, seq: number): void {
  const ref = invoice.invoice_ref;
  if (invoice.kind !== 'service_renewal' || typeof ref !== 'string') return;
  if (invoice.status === 'unpaid') seen.unpaidRenewals.set(ref, { seq });
  const shown = seen.unpaidRenewals.get(ref);
  if (invoice.status === 'paid' && shown !== undefined) shown.paidMs ??= timeOf(invoice.paid_at);
}

/**
 * The renewals a top-up paid, later than billed, by the first time an answer stated (from the
 * start on: the start is estimated back from it), where the ledger showed no top-up by then
 * and no answer showed them unpaid, nor their service not active: nothing tells the top-up
 * came after the first exchange, and the replay, making none then, could not settle them.
 * They were paid before the start.
 */
function paidBeforeStart(
  seen: Observations,
  renewalInvoices: readonly Json[],
  start: number | undefined,
): Set<Json> {
  const paid = new Set<Json>();
  if (start === undefined) return paid;
  const untold = (ms: number | undefined) =>
    ms !== undefined && ms >= start && ms <= (seen.firstStatedMs ?? start);
  for (const txn of seen.transactions.values()) {
    if (txn.kind === 'top_up' && untold(timeOf(txn.created_at))) return paid;
  }
  for (const invoice of renewalInvoices) {
    const paidMs = timeOf(invoice.paid_at);
    if (
      invoice.kind === 'service_renewal' &&
      untold(paidMs) &&
      paidMs !== timeOf(invoice.issue_date) &&
      !seen.unpaidRenewals.has(String(invoice.invoice_ref)) &&
      lastShownNotActive(seen, String(invoice.service_ref), paidMs as number) === undefined
    ) {
      paid.add(invoice);
    }
  }
  return paid;
}

/**
 * The `top_up` transactions made during the recording, in the order they came in, each with
 * the seq of the last exchange it came after, where a frozen upstream clock stamps both with
 * one time (and the replay would make it before): an order whose transaction's ref is below
 * its own (transaction refs are minted in order), a page of transactions that covered its
 * ref and did not show it, or a page of invoices that showed unpaid a renewal it settled.
 */
function topUpsDuring(
  seen: Observations,
  start: number | undefined,
): { transaction: Json; after?: number; listed?: number }[] {
  const orderTransaction = new Map<unknown, bigint>();
  for (const order of seen.orders.values()) {
    const ref = listRefValue('transactions', order.transaction_ref);
    if (ref !== undefined) orderTransaction.set(order.service_ref, ref);
  }
  for (const txn of seen.transactions.values()) {
    const ref = listRefValue('transactions', txn.transaction_ref);
    if (txn.kind === 'service_order' && ref !== undefined)
      orderTransaction.set(txn.service_ref, ref);
  }
  const orders = [...seen.createdServices].flatMap(([serviceRef, seq]) => {
    const ref = orderTransaction.get(serviceRef);
    return ref === undefined ? [] : [{ ref, seq }];
  });
  const time = (txn: Json) => Date.parse(String(txn.created_at));
  const topUps = [...seen.transactions.values()]
    .filter((txn) => txn.kind === 'top_up' && madeDuring(txn, 'created_at', start))
    .map((transaction) => {
      const ref = listRefValue('transactions', transaction.transaction_ref);
      let after = 0;
      for (const order of orders)
        if (ref !== undefined && order.ref < ref) after = Math.max(after, order.seq);
      let listed: number | undefined;
      for (const page of seen.transactionPages) {
        if (ref !== undefined && leftOut(page, ref)) after = Math.max(after, page.seq);
        if (ref !== undefined && page.shown.has(ref)) listed ??= page.seq;
      }
      return { transaction, ref, after, listed };
    })
    .sort(
      (a, b) =>
        time(a.transaction) - time(b.transaction) ||
        (a.ref === undefined || b.ref === undefined || a.ref === b.ref
          ? 0
          : a.ref < b.ref
            ? -1
            : 1),
    );
  // Nor before an answer that showed unpaid a renewal a top-up then settled, or showed its
  // service not active by then (the renewal held it suspended): the top-up the settlement
  // came with came after it (a frozen clock stamps them all alike). That is the last one
  // before the settlement's transaction, in ref order, where the ledger showed it (an older
  // unpaid invoice the balance could not cover held back the top-ups before); else the last
  // top-up of that instant (sorted above).
  const lastTopUpAt = new Map(topUps.map((topUp) => [time(topUp.transaction), topUp]));
  /** Each instant's top-ups of a known ref, in ref order (sorted above). */
  const refTopUpsAt = new Map<number, (typeof topUps)[number][]>();
  for (const topUp of topUps) {
    if (topUp.ref === undefined) continue;
    const at = refTopUpsAt.get(time(topUp.transaction)) ?? [];
    refTopUpsAt.set(time(topUp.transaction), at);
    at.push(topUp);
  }
  const settlementRef = new Map<unknown, bigint>();
  for (const txn of seen.transactions.values()) {
    const ref = listRefValue('transactions', txn.transaction_ref);
    if (txn.kind === 'service_renewal' && ref !== undefined) {
      settlementRef.set(txn.invoice_ref, ref);
    }
  }
  /** The last top-up at `paidMs` below the ref `settledAt`. */
  const lastBelow = (paidMs: number, settledAt: bigint) => {
    const at = refTopUpsAt.get(paidMs) ?? [];
    return at[countWhile(at, ({ ref }) => (ref as bigint) < settledAt) - 1];
  };
  const settledAfterSeq = (paidMs: number | undefined, seq: number, invoiceRef: unknown) => {
    if (paidMs === undefined) return;
    const settledAt = settlementRef.get(invoiceRef);
    const settling =
      (settledAt === undefined ? undefined : lastBelow(paidMs, settledAt)) ??
      lastTopUpAt.get(paidMs);
    if (settling !== undefined) settling.after = Math.max(settling.after, seq);
  };
  for (const [invoiceRef, { seq, paidMs }] of seen.unpaidRenewals) {
    settledAfterSeq(paidMs, seq, invoiceRef);
  }
  // The renewals paid at a top-up's instant, listed (paid later than billed) or in the ledger
  // (one paid when billed was of a service active by then), each service and instant once.
  const looked = new Set<string>();
  const renewalsPaid = [
    ...[...seen.invoices.values()]
      .filter((invoice) => timeOf(invoice.paid_at) !== timeOf(invoice.issue_date))
      .map((invoice) => ({ record: invoice, paidMs: timeOf(invoice.paid_at) })),
    ...[...seen.transactions.values()].map((txn) => ({
      record: txn,
      paidMs: timeOf(txn.created_at),
    })),
  ];
  for (const { record, paidMs } of renewalsPaid) {
    if (record.kind !== 'service_renewal' || paidMs === undefined || !lastTopUpAt.has(paidMs)) {
      continue;
    }
    const ref = String(record.service_ref);
    const key = `${ref}@${paidMs}`;
    if (looked.has(key)) continue;
    looked.add(key);
    const seq = lastShownNotActive(seen, ref, paidMs);
    if (seq !== undefined) settledAfterSeq(paidMs, seq, record.invoice_ref);
  }
  // Nor before a balance read that showed less come in since the answer before it (at its
  // time: a frozen clock stamps them all with one): those that came first, in ref order,
  // add up to what it gained; the others came after it.
  for (const { from, to, at, gainedCents } of seen.balanceReads) {
    const pending = topUps.filter(
      ({ transaction, after }) => time(transaction) === at && from <= after && after < to,
    );
    let sum = 0;
    let came = 0;
    while (came < pending.length && sum < gainedCents) {
      sum += amountCents(pending[came]?.transaction.amount) ?? 0;
      came++;
    }
    if (sum !== gainedCents) continue;
    for (const topUp of pending.slice(came)) topUp.after = to;
  }
  return topUps.map(({ transaction, after, listed }) => ({
    transaction,
    ...(after > 0 ? { after } : {}),
    ...(listed === undefined ? {} : { listed }),
  }));
}

/**
 * What `order` is charged in cents by the catalog plan of its type and code among `plans`,
 * priced as the server charges (`priceOrder`); undefined without such a plan or price. Both
 * come from the recording as it is: each is read through the contract's schema first.
 */
function quotedCents(plans: Iterable<Json>, order: Json): number | undefined {
  const request = CreateOrderRequest.safeParse(order);
  if (!request.success) return undefined;
  for (const listed of plans) {
    if (listed.code !== request.data.plan_code || listed.service_type !== request.data.type) {
      continue;
    }
    const plan = Plan.safeParse(listed);
    const priced = plan.success ? priceOrder(plan.data, request.data) : undefined;
    return priced?.ok && Number.isSafeInteger(priced.price.total_cents)
      ? priced.price.total_cents
      : undefined;
  }
  return undefined;
}

/** Account fields a recording may show malformed, and what stands in for them. */
const ACCOUNT_DEFAULTS: Readonly<Record<string, unknown>> = {
  account_ref: DEFAULT_ACCOUNT_REF,
  email: 'recorded@example.test',
  first_name: 'Recorded',
  last_name: 'Account',
  country_code: 'DE',
  account_currency: 'EUR',
  preferred_locale: 'en-GB',
  status: 'active',
  balance: 0,
  vat_rate: 0,
  shield: null,
};

/**
 * The scenario with whatever would not load taken out, one record at a time, each named in
 * the notes: a recording may hold anything, and a record the server would refuse (a name
 * with control characters, a duplicate ref) must not cost the rest of the account.
 */
function loadable(scenario: ScenarioInput, notes: string[]): ScenarioInput {
  dropInvalidRecords(scenario, notes);
  for (let attempt = 0; attempt < 10_000; attempt++) {
    try {
      parseScenario(scenario);
      return scenario;
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      // `accounts[0].services[1].name` → accounts, 0, services, 1, name.
      const path = (/^invalid_scenario: ([^:]*): /.exec(error.message)?.[1] ?? '').replace(
        /\[(\d+)\]/g,
        '.$1',
      );
      if (!dropAt(scenario as unknown as Json, path.split('.'))) {
        throw new RecordingError(`the recording's account would not load: ${error.message}`);
      }
      notes.push(
        `left out what would not load: ${error.message.replace('invalid_scenario: ', '')}`,
      );
    }
  }
  throw new RecordingError("the recording's account would not load");
}

/** Records of the account's lists, each checked by the schema a scenario loads it with. */
const RECORD_SCHEMAS = {
  services: ScenarioAccount.shape.services.unwrap().element,
  invoices: ScenarioAccount.shape.invoices.unwrap().element,
  orders: ScenarioAccount.shape.orders.unwrap().element,
  transactions: ScenarioAccount.shape.transactions.unwrap().element,
} as const;

/** Notes naming records left out, at most; the rest are counted. */
const NAMED_LEFT_OUT = 20;

/**
 * Leaves out each record that would not load on its own (its schema, the free-text rule),
 * in one pass: a file with many bad records costs one check each, not a whole-document
 * check per record. What only the whole document can tell (a duplicate ref) is left to
 * {@link loadable}'s loop.
 */
function dropInvalidRecords(scenario: ScenarioInput, notes: string[]): void {
  const faults: string[] = [];
  const check = (path: string, schema: z.ZodType, record: unknown): boolean => {
    const parsed = schema.safeParse(record);
    const fault = parsed.success
      ? findUnsafeText(record as Record<string, unknown>)
      : {
          path: formatIssuePath(parsed.error.issues[0]?.path ?? []),
          reason: parsed.error.issues[0]?.message ?? 'invalid',
        };
    if (fault === undefined) return true;
    const at = fault.path === '' || fault.path.startsWith('[') ? fault.path : `.${fault.path}`;
    faults.push(`${path}${at}: ${fault.reason}`);
    return false;
  };
  scenario.plans = scenario.plans?.filter((plan, i) => check(`plans[${i}]`, ScenarioPlan, plan));
  const account = scenario.accounts?.[0] as Record<string, unknown[]> | undefined;
  if (account !== undefined) {
    for (const [list, schema] of Object.entries(RECORD_SCHEMAS)) {
      account[list] = (account[list] ?? []).filter((record, i) =>
        check(`accounts[0].${list}[${i}]`, schema, record),
      );
    }
  }
  for (const fault of faults.slice(0, NAMED_LEFT_OUT)) {
    notes.push(`left out what would not load: ${fault}`);
  }
  if (faults.length > NAMED_LEFT_OUT) {
    notes.push(`left out ${faults.length - NAMED_LEFT_OUT} more records that would not load`);
  }
}

/** Removes the record of `path` (the innermost array element on it) or resets an account field. */
function dropAt(document: Json, path: readonly string[]): boolean {
  let holder: unknown = document;
  let last: { array: unknown[]; index: number } | undefined;
  for (const segment of path) {
    if (Array.isArray(holder)) {
      const index = Number(segment);
      if (!Number.isInteger(index) || index >= holder.length) break;
      last = { array: holder, index };
      holder = holder[index];
    } else if (isJsonObject(holder) && Object.hasOwn(holder, segment)) holder = holder[segment];
    else break;
  }
  // An account field (`accounts.0.email`): its default, the account itself stays.
  if (path[0] === 'accounts' && path.length === 3 && path[2] !== undefined) {
    const account = (document.accounts as Json[] | undefined)?.[Number(path[1])];
    if (account !== undefined && Object.hasOwn(ACCOUNT_DEFAULTS, path[2])) {
      if (account[path[2]] === ACCOUNT_DEFAULTS[path[2]]) return false;
      account[path[2]] = ACCOUNT_DEFAULTS[path[2]];
      return true;
    }
  }
  if (last === undefined || last.array === document.accounts) return false;
  last.array.splice(last.index, 1);
  return true;
}

/**
 * Builds the scenario of the account before `file`'s first exchange (one streaming pass);
 * lines that are not exchanges go to `onSkip` and are skipped. Gzip data that breaks off
 * goes to `onUnreadableRest`, the scenario built from the lines before it (without one, it
 * throws).
 */
export function scenarioFromRecording(
  file: string,
  onSkip?: (skipped: SkippedLine) => void,
  onUnreadableRest?: (rest: UnreadableRest) => void,
): Promise<RecordedScenario> {
  return scenarioFromStream(readRecording(file, onSkip, undefined, onUnreadableRest));
}

/** Builds the scenario of the account before the first of `exchanges`, read as they come. */
export async function scenarioFromStream(
  exchanges: AsyncIterable<RecordedExchange>,
): Promise<RecordedScenario> {
  const seen = new Observations();
  for await (const exchange of exchanges) observe(seen, exchange);
  return build(seen);
}

/** Builds the scenario of the account before the first of `exchanges`, a recording read already. */
export function scenarioFromExchanges(exchanges: Iterable<RecordedExchange>): RecordedScenario {
  const seen = new Observations();
  for (const exchange of exchanges) observe(seen, exchange);
  return build(seen);
}
