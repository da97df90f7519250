import { randomBytes } from 'node:crypto';
import { isCredentialName, operations } from '@refapi/schema';
import type { InvoiceRecord } from '../domain/records';
import { formatRef, refValue } from '../domain/refs';
import type { ScenarioInput } from '../scenario/schema';
import type { Change } from '../store/store';
import { createNodeServer } from '../transport/node/node-server';
import { statusGap, withCountedStatuses } from './counted-statuses';
import { type DriftExchange, type DriftPasses, driftPasses, parseJson } from './drift-passes';
import {
  amountCents,
  badBase64,
  idempotencyKeyOf,
  isJsonObject,
  type RecordedExchange,
  type SkippedLine,
  type UnreadableRest,
} from './recording-format';
import { PLACEHOLDER_TOKEN, type RecordedScenario } from './scenario-from-recording';
import { terminalLine } from './terminal-text';
import { type ClockJump, UpstreamClock, type UpstreamTime } from './upstream-clock';

// `ref-server drift`: the recording replayed in order against a reference server in process
// loaded with the recording's own scenario, its clock at each exchange's upstream time
// (`upstream-clock.ts`). An exchange matches when the status is the same and so is the body
// once volatile fields are set aside. The recording is read for the scenario, then for each
// replay: held once read when it is small, else line by line each time (`drift-passes.ts`);
// the report keeps per-operation counts and at most MAX_DIFFERENCES differences, so a
// recording of any size is replayed in bounded memory.

// What a recording cannot show is not a difference: an exchange whose request or answer was
// cut (at the body cap, or by the recorder's stop), or that no HTTP client could send again,
// is counted apart as unverifiable with its reason. The first exchange that differs is the
// cause a reader looks for; differences of later exchanges after a differing write are marked
// as its consequences.

/** Differences a report keeps; the rest are counted in `differences_omitted`. */
const MAX_DIFFERENCES = 1000;

/**
 * Characters of JSON a difference keeps of each side's value. A recorded body holds up to
 * 1 MiB: kept whole, a thousand differences could hold two gigabytes, and print them.
 */
const SHOWN_VALUE_CHARS = 500;

/** Fields whose values differ on every call: never compared. */
const VOLATILE_FIELDS = new Set(['server_time', 'as_of', 'request_id', 'requestId']);

/** References a server mints: an order's, invoice's… (`REF-ORD-1A`) and rule ids (uuids). */
const MINTED_REF =
  /^(REF-[A-Z]+-[0-9A-F]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The scopes of the operations whose answers follow the renewals of every service of the
 * account: its balance, its ledger, its services and their counts, and an order (which the
 * balance allows).
 */
const FOLLOW_RENEWALS = new Set(['balance:read', 'finance:read', 'services:read', 'orders:write']);

/**
 * The contract's operation named `operation`, if it is one: a recording names it, so a name
 * of Object.prototype (`constructor`, `__proto__`) is no operation.
 */
const contractOf = (operation: string) =>
  Object.hasOwn(operations, operation)
    ? operations[operation as keyof typeof operations]
    : undefined;

/** The scope of `operation` in the contract, if it is one of its operations. */
const scopeOf = (operation: string): string | undefined => contractOf(operation)?.scope;

/**
 * Whether `operation`'s answers follow the renewals of the account's services: those above,
 * and every operation on one service (its auto-renew, power, Shield), which a service that
 * did not renew refuses (409).
 */
const followsRenewals = (operation: string): boolean => {
  const contract = contractOf(operation);
  if (contract === undefined) return false;
  return FOLLOW_RENEWALS.has(contract.scope) || contract.path.startsWith('/services/{service_ref}');
};

// Headers of one connection or recomputed by the transport: not replayed.
const NOT_REPLAYED = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
]);

/**
 * A difference as {@link Comparer.diff} finds it: JSON path, recorded value, replayed value,
 * and what the values alone do not tell, if anything.
 */
type Found = [path: string, recorded: unknown, replayed: unknown, note?: string];

/** One difference between a recorded answer and the reference server's. */
interface DriftDifference {
  /** The exchange's number in the recording. */
  readonly seq: number;
  /**
   * The differing write (its seq) this difference may follow from: a later answer that
   * differs after a write did is first of all its consequence. Absent on causes.
   */
  readonly after?: number;
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  /** `(status)`, `(body)` for non-JSON bodies, else a JSON path such as `$.plans[0].account_price.base`. */
  readonly json_path: string;
  readonly recorded: unknown;
  readonly replayed: unknown;
  /** Why the two differ where their values alone do not tell (a ref that stands for another). */
  readonly note?: string;
}

/** An exchange the recording cannot verify, and why. */
interface Unverifiable {
  readonly seq: number;
  readonly operation: string;
  readonly reason: string;
}

/** What `ref-server drift` reports (`--json` prints it as is). */
export interface DriftReport {
  /**
   * Per operation (contract operationId; `other` for paths outside the contract): exchanges
   * matched, compared (matched or differing) and unverifiable.
   */
  readonly operations: Record<string, { matched: number; compared: number; unverifiable: number }>;
  /** The exchange that differed first (its seq), the cause to read first; null when none did. */
  readonly first_difference: number | null;
  readonly differences: DriftDifference[];
  readonly differences_omitted: number;
  /** Exchanges the recording cannot verify, with the reason and what to record instead. */
  readonly unverifiable: Unverifiable[];
  /** Lines of the file that were not exchanges: skipped, by number. */
  readonly skipped_lines: SkippedLine[];
  readonly matched: number;
  readonly compared: number;
  /**
   * Present when the recording's GET /me answers named several accounts: the scenario
   * models only `modelled`, and the sessions of the `not_modelled` ones replay against it,
   * so their answers differ for that alone. The recording keeps no key (they are redacted),
   * so it cannot tell which exchange was whose account's.
   */
  readonly accounts?: { readonly modelled: string; readonly not_modelled: readonly string[] };
  /**
   * Present when the recording's gzip data broke off (a truncated or corrupt `.gz`): the
   * report is of the lines before it, and the rest could not be read.
   */
  readonly unreadable_rest?: UnreadableRest;
}

const kindOf = (ref: string) => (ref.startsWith('REF-') ? ref.split('-')[1] : 'uuid');

/** For each kind of `refs`, the ref just before its lowest (REF-SVC-320: REF-SVC-31F). */
function refsBefore(refs: readonly string[]): string[] {
  const lowest = new Map<string, bigint>();
  for (const ref of refs) {
    const kind = /^REF-([A-Z]+)-[0-9A-F]+$/.exec(ref)?.[1];
    if (kind === undefined) continue;
    const value = refValue(ref);
    const known = lowest.get(kind);
    if (known === undefined || value < known) lowest.set(kind, value);
  }
  return [...lowest]
    .filter(([, value]) => value > 1n)
    .map(([kind, value]) => formatRef(kind, value - 1n));
}

/** Services named in the reason of {@link RecordedScenario.unsettled}, of each kind. */
const NAMED_UNSETTLED = 5;

/** A point of a recording from which the account's money and services follow what it cannot show. */
interface Untold {
  /** Whether an exchange (its seq, its upstream time) comes at or after that point. */
  readonly reached: (seq: number, ms: number) => boolean;
  readonly reason: string;
}

/** The points past which a differing answer about money or services is set apart, and why. */
function untoldFrom(recorded: RecordedScenario): Untold[] {
  const {
    unknownBalanceFrom: order,
    unknownTermEnd: term,
    unpricedTermEnd: unpriced,
    unseenRenewal: renewal,
    endedUnseen: ended,
    unsettled,
    unlistedRenewal: unlisted,
  } = recorded;
  const untold: Untold[] = [];
  if (order !== undefined) {
    untold.push({
      reached: (seq) => seq >= order.seq,
      reason: `it follows the balance, unknown before the order that created ${order.service_ref} (#${order.seq}): neither its charge nor the catalog before it was listed; show GET /balance or GET /plans before ordering to verify it`,
    });
  }
  if (term !== undefined) {
    const fromMs = Date.parse(term.from ?? term.at);
    const since =
      term.from === undefined
        ? ''
        : ` (or earlier: renewals of a shorter term, from ${term.from}, none listed)`;
    untold.push({
      reached: (_, ms) => ms >= fromMs,
      reason: `it follows the end of ${term.service_ref}'s term at ${term.at}${since}, which the recording first showed after it, with no renewal billed: what time did there, to it or to services never shown, it cannot tell; list every page of GET /services and GET /invoices before terms end to verify it`,
    });
  }
  if (unpriced !== undefined) {
    const endMs = Date.parse(unpriced.at);
    untold.push({
      reached: (_, ms) => ms >= endMs,
      reason: `it follows the end of ${unpriced.service_ref}'s term at ${unpriced.at}, with auto-renew on and a plan the recording never showed (nor a renewal of it): whether it renewed, and for how much, it cannot tell; list GET /plans to verify it`,
    });
  }
  if (renewal !== undefined) {
    const renewedMs = Date.parse(renewal.at);
    untold.push({
      reached: (_, ms) => ms >= renewedMs,
      reason: `it follows renewals of services the recording never showed (${renewal.service_ref}, renewed by ${renewal.invoice_ref} at ${renewal.at}): list every page of GET /services while recording to verify it`,
    });
  }
  if (ended !== undefined) {
    const since =
      ended.alive === 'counted'
        ? `#${ended.aliveSeq}, where GET /services/stats left no room for ${ended.service_ref} expired, before #${ended.seq} showed it ${ended.status}: its term (or suspension) ended`
        : `#${ended.aliveSeq}, the last answer that showed ${ended.service_ref} ${ended.alive ?? 'alive'} before #${ended.seq} showed it ${ended.status}: ${ended.alive === 'suspended' ? 'its suspension ran out' : 'its term ended'}`;
    untold.push({
      reached: (seq) => seq > ended.aliveSeq,
      reason: `it follows ${since} in between, when the recording cannot tell (it never showed the term); list every page of GET /services while recording to verify it`,
    });
  }
  // The most general last: a reason names the point nearest what it sets apart.
  if (unsettled !== undefined) {
    const { unnamed, termless, open, seq, at } = unsettled;
    const refs = (services: readonly string[]) =>
      `${services.slice(0, NAMED_UNSETTLED).join(', ')}${services.length > NAMED_UNSETTLED ? ` and ${services.length - NAMED_UNSETTLED} more` : ''}`;
    const parts: string[] = [];
    if (unnamed > 0) parts.push(`${unnamed} services no answer showed`);
    if (termless.length > 0) {
      const services = termless.length === 1 ? 'a service' : `${termless.length} services`;
      parts.push(`${services} no answer showed the term of (${refs(termless)})`);
    }
    if (open.length > 0) {
      parts.push(
        `services whose status at the start it left open (${refs(open)}: the first seen took the one it counted)`,
      );
    }
    const where =
      seq > 0
        ? `#${seq}, where GET /services/stats counted ${parts.join(' and ')}`
        : `the recording's start, with ${parts.join(' and ')}`;
    untold.push({
      reached: (_, ms) => ms - at >= TERM_END_UNSEEN_AFTER_MS,
      reason: `it follows ${where}: what time did to them, the recording cannot tell; list every page of GET /services while recording to verify it`,
    });
  }
  if (unlisted !== undefined) {
    const fromMs = Date.parse(unlisted.from);
    const since =
      unlisted.from === unlisted.at
        ? ''
        : ` (or earlier: of a shorter term, from ${unlisted.from})`;
    untold.push({
      reached: (_, ms) => ms >= fromMs,
      reason: `it follows ${unlisted.service_ref}'s renewal time at ${unlisted.at}${since}: first shown active in the term such a renewal would have begun, with none of its renewals listed, it may have renewed there or had a longer term; list every page of GET /invoices after its renewals to verify it`,
    });
  }
  return untold;
}

/** Compares recorded and replayed answers, learning the refs each side minted. */
class Comparer {
  /** Recorded minted ref → the replay's; its later uses compare through it. */
  readonly refs = new Map<string, string>();

  /**
   * The replay's ref → the recorded one mapped onto it: a mapping is one-to-one. Two refs the
   * upstream minted (two orders, two rules: it ignored an Idempotency-Key) never both stand
   * for the replay's one, or the second would match the replay's stored answer.
   */
  readonly #mappedFrom = new Map<string, string>();

  /**
   * How far a time may be off and still match (ms): the uncertainty of the clock estimates
   * that placed the exchanges replayed so far (`UpstreamClock`), 0 while each stated its time.
   */
  tolerance = 0;

  constructor(private readonly known: ReadonlySet<string>) {}

  /** Rewrites the recorded refs of `text` (a path, query or body) to the replay's. */
  rewrite(text: string): string {
    if (this.refs.size === 0) return text;
    return text.replace(
      /REF-[A-Z]+-[0-9A-F]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      (ref) => this.refs.get(ref) ?? ref,
    );
  }

  diff(recorded: unknown, replayed: unknown, path: string, out: Array<Found>): void {
    if (typeof recorded === 'string' && typeof replayed === 'string') {
      const mapped = this.refs.get(recorded);
      if (mapped !== undefined) {
        if (mapped !== replayed) out.push([path, recorded, replayed]);
        return;
      }
      if (recorded === replayed) {
        // A ref the recording's writes minted, the replay minted alike: it stands for itself,
        // unless the replay's already stands for another recorded one.
        if (MINTED_REF.test(recorded) && !this.known.has(recorded)) {
          const other = this.#mappedFrom.get(replayed);
          if (other === undefined) this.#mappedFrom.set(replayed, recorded);
          else if (other !== recorded)
            out.push([path, recorded, replayed, takenBy(replayed, other)]);
        }
        return;
      }
      if (this.tolerance > 0 && sameTimeWithin(recorded, replayed, this.tolerance)) return;
      // A ref the recording's writes minted (not in the scenario): the replay minted its own,
      // unless the replay's is not new (the scenario held it, or it stands for another
      // recorded ref): then the upstream made something the replay did not.
      if (
        MINTED_REF.test(recorded) &&
        MINTED_REF.test(replayed) &&
        !this.known.has(recorded) &&
        kindOf(recorded) === kindOf(replayed)
      ) {
        const other = this.#mappedFrom.get(replayed);
        if (other !== undefined) {
          out.push([path, recorded, replayed, takenBy(replayed, other)]);
        } else if (this.known.has(replayed)) {
          out.push([
            path,
            recorded,
            replayed,
            `the reference server's ${replayed} is a ref the account held before the recording, where the upstream answered ${recorded}, one its writes made`,
          ]);
        } else {
          this.refs.set(recorded, replayed);
          this.#mappedFrom.set(replayed, recorded);
        }
        return;
      }
      out.push([path, recorded, replayed]);
      return;
    }
    if (Array.isArray(recorded) && Array.isArray(replayed)) {
      const length = Math.max(recorded.length, replayed.length);
      for (let i = 0; i < length; i++) {
        if (i >= recorded.length) out.push([`${path}[${i}]`, undefined, replayed[i]]);
        else if (i >= replayed.length) out.push([`${path}[${i}]`, recorded[i], undefined]);
        else this.diff(recorded[i], replayed[i], `${path}[${i}]`, out);
      }
      return;
    }
    if (isJsonObject(recorded) && isJsonObject(replayed)) {
      const keys = new Set([...Object.keys(recorded), ...Object.keys(replayed)]);
      for (const key of keys) {
        if (VOLATILE_FIELDS.has(key)) continue;
        const at = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)
          ? `${path}.${key}`
          : `${path}[${JSON.stringify(key)}]`;
        // Own keys only: a recorded `constructor` is a key like any other.
        if (!Object.hasOwn(recorded, key)) out.push([at, undefined, replayed[key]]);
        else if (!Object.hasOwn(replayed, key)) out.push([at, recorded[key], undefined]);
        else this.diff(recorded[key], replayed[key], at, out);
      }
      return;
    }
    if (recorded !== replayed) out.push([path, recorded, replayed]);
  }
}

/** Why a recorded ref cannot map onto the replay's `replayed`: it stands for `other` already. */
const takenBy = (replayed: string, other: string): string =>
  `the reference server's ${replayed} already stands for the recorded ${other}: the upstream answered two refs where the reference server answered one`;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** Whether two ISO date-times are at most `tolerance` ms apart. */
function sameTimeWithin(a: string, b: string, tolerance: number): boolean {
  if (!DATE_TIME.test(a) || !DATE_TIME.test(b)) return false;
  const difference = Math.abs(Date.parse(a) - Date.parse(b));
  return !Number.isNaN(difference) && difference <= tolerance;
}

/** Every ref and id a scenario holds (the account's records, its catalog, Shield rules). */
function refsOf(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (MINTED_REF.test(value)) into.add(value);
  } else if (Array.isArray(value)) for (const item of value) refsOf(item, into);
  else if (isJsonObject(value)) for (const item of Object.values(value)) refsOf(item, into);
  return into;
}

/**
 * The token a replayed request carries when the upstream refused the recorded one (401): no
 * key of the scenario holds it. The recording never holds the token itself, so a request made
 * with a wrong key would otherwise be replayed with the scenario's key and succeed.
 */
const REFUSED_TOKEN = 'refak_recorded_refused';

/** Whether the replay of a recorded request sends its body (not a GET's, nor a HEAD's). */
const sendsBody = (exchange: RecordedExchange): boolean =>
  exchange.method !== 'GET' && exchange.method !== 'HEAD';

/** The request of a recorded exchange as the reference server in process gets it. */
function replayRequest(exchange: RecordedExchange, comparer: Comparer): RequestInit {
  const headers = new Headers();
  const token = exchange.status === 401 ? REFUSED_TOKEN : PLACEHOLDER_TOKEN;
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    if (NOT_REPLAYED.has(name)) continue;
    if (name === 'authorization') headers.set(name, `Bearer ${token}`);
    // Other credentials were redacted in the recording: not sent.
    else if (!isCredentialName(name)) headers.set(name, comparer.rewrite(value));
  }
  // Redacted among the headers, kept in a field of its own: a retry replays as it did.
  const key = idempotencyKeyOf(exchange);
  if (key !== undefined) headers.set('idempotency-key', comparer.rewrite(key));
  const { body, body_encoding } = exchange.request;
  if (body === null || !sendsBody(exchange)) return { method: exchange.method, headers };
  return {
    method: exchange.method,
    headers,
    body: body_encoding === 'base64' ? Buffer.from(body, 'base64') : comparer.rewrite(body),
  };
}

/** Why a recorded exchange cannot be verified, or undefined when it can be replayed. */
function unverifiableBecause(exchange: RecordedExchange): string | undefined {
  if (exchange.cut === true)
    return 'this exchange broke off before it ended (the client went away, the upstream broke off or the recorder stopped): the upstream may have done it; record it again';
  // A body the recorder could not check for credentials is left out: nothing to replay or compare.
  if (exchange.request.body_omitted !== undefined)
    return `its request body was left out of the recording, ${exchange.request.body_omitted}: not replayed`;
  if (exchange.response.body_omitted !== undefined)
    return `its answer body was left out of the recording, ${exchange.response.body_omitted}`;
  if (exchange.request.body_truncated)
    return 'its request body was cut at the recording cap (1 MiB): not replayed';
  if (exchange.response.body_truncated)
    return 'its answer was cut at the recording cap (1 MiB): record it with smaller pages (limit)';
  // Bytes a recording marks base64 but are not: what was sent or answered, it cannot show.
  if (sendsBody(exchange) && badBase64(exchange.request))
    return 'its request body is marked base64 but is not valid base64 (edited or damaged): not replayed';
  if (badBase64(exchange.response))
    return 'its answer body is marked base64 but is not valid base64 (edited or damaged): the recording cannot show what it said';
  return undefined;
}

/**
 * Why an exchange refused 403 `insufficient_scope` is not replayed, where other answers show
 * a key that held that scope (`severalKeys`): the replay's one key holds it, and a refused
 * request changed nothing upstream.
 */
function sentByAnotherKey(read: DriftExchange, severalKeys: readonly string[]): string | undefined {
  const { exchange } = read;
  if (exchange.status !== 403 || severalKeys.length === 0) return undefined;
  const scope = scopeOf(exchange.operation ?? '');
  if (scope === undefined || !severalKeys.includes(scope)) return undefined;
  if (errorIn(read.json) !== 'insufficient_scope') return undefined;
  return `it was refused the scope ${scope}, which other answers show a key of the account held: the recording used several keys and keeps none of them, so it cannot tell which sent it; a refused request changed nothing, so it is not replayed`;
}

/** The replayed answer as text, or why the exchange could not be replayed. */
async function replay(
  server: ReturnType<typeof createNodeServer>,
  url: string,
  exchange: RecordedExchange,
  comparer: Comparer,
): Promise<{ status: number; text: string } | { failed: string }> {
  let init: RequestInit;
  try {
    init = replayRequest(exchange, comparer);
    // A method or a header no HTTP client may send (TRACE, a CRLF in a value) fails here.
    new Request(url, init);
  } catch (error) {
    return { failed: `no HTTP client can send it again (${(error as Error).message})` };
  }
  const response = await server.fetch(url, init);
  return { status: response.status, text: await response.text() };
}

/** Compares one recorded exchange with its replay; the differences found, as path triples. */
function compare(
  read: DriftExchange,
  answer: { status: number; text: string },
  comparer: Comparer,
): Array<Found> {
  const { exchange } = read;
  const found: Array<Found> = [];
  const { status, text } = answer;
  if (status !== exchange.status) found.push(['(status)', exchange.status, status]);
  else if (exchange.response.body === null) {
    if (text !== '') found.push(['(body)', null, text]);
  } else {
    const recordedText = read.text;
    const recorded = read.json;
    const replayed = parseJson(text);
    if (recorded !== undefined && replayed !== undefined)
      comparer.diff(recorded, replayed, '$', found);
    else if (recordedText !== text) found.push(['(body)', recordedText ?? '(unreadable)', text]);
  }
  return found;
}

/** Where an answer shows the balance, by its operation's scope: a balance read, an order. */
const BALANCE_PATHS: Readonly<Record<string, string>> = {
  'balance:read': '$.amount',
  'orders:write': '$.balance.amount',
};

const balancePathOf = (operation: string): string | undefined => {
  const scope = scopeOf(operation);
  return scope === undefined ? undefined : BALANCE_PATHS[scope];
};

/**
 * Upstream time past which a term the recording never showed may have ended (a renewal of a
 * service never listed after the last balance that matched, an expiry after the first
 * stats): before it, what follows stays compared, so an upstream that answers otherwise
 * right away (charges an order otherwise, answers an unknown service 410) still shows.
 */
const TERM_END_UNSEEN_AFTER_MS = 60_000;

/**
 * Whether the upstream showed less money than the replay had: a lower balance, or an order
 * it refused for want of balance that the replay took.
 */
function upstreamPoorer(read: DriftExchange, found: ReadonlyArray<Found>): boolean {
  const balancePath = balancePathOf(read.exchange.operation ?? '');
  if (balancePath === undefined) return false;
  return (
    (amountGapCents(found, balancePath) ?? 0) < 0 ||
    found.some(
      ([path, , replayed]) => path === '(status)' && replayed === 200 && refusedForBalance(read),
    )
  );
}

/** The `error` an answer's body (its JSON) names, if it is a JSON error. */
const errorIn = (body: unknown): unknown => (body as { error?: unknown } | null | undefined)?.error;

/** Whether the replay's answer (its text) refuses an order for want of balance. */
const insufficientBalance = (text: string): boolean =>
  errorIn(parseJson(text)) === 'insufficient_balance';

/** Whether the upstream refused the exchange (an order) for want of balance. */
const refusedForBalance = (read: DriftExchange): boolean =>
  read.exchange.status === 422 && errorIn(read.json) === 'insufficient_balance';

/**
 * Whether the upstream showed more money than the replay had: a higher balance, or an order
 * the replay refused for want of balance. Money came in that the replay did not make.
 */
function upstreamRicher(
  operation: string,
  found: ReadonlyArray<Found>,
  answer: { text: string },
): boolean {
  const balancePath = balancePathOf(operation);
  if (balancePath === undefined) return false;
  return (
    (amountGapCents(found, balancePath) ?? 0) > 0 ||
    found.some(
      ([path, recorded]) =>
        path === '(status)' && recorded === 200 && insufficientBalance(answer.text),
    )
  );
}

/**
 * The upstream's amount at `path` less the replay's, in cents, where the two answers
 * differed there and both are numbers (above 0: the upstream showed more money).
 */
function amountGapCents(found: ReadonlyArray<Found>, path: string): number | undefined {
  const [, recorded, replayed] = found.find(([at]) => at === path) ?? [];
  const [upstream, replay] = [amountCents(recorded), amountCents(replayed)];
  return upstream === undefined || replay === undefined ? undefined : upstream - replay;
}

/**
 * Whether stats counted more suspended services than the replay's: a top-up the replay made
 * before them may have settled a renewal that was still unpaid upstream.
 */
function countedMoreSuspended(found: ReadonlyArray<Found>): boolean {
  const [, recorded, replayed] = found.find(([at]) => at === '$.by_status.suspended') ?? [];
  return typeof recorded === 'number' && recorded > (typeof replayed === 'number' ? replayed : 0);
}

/** A renewal the replay's clock billed: its service and due time. */
interface BilledRenewal {
  readonly serviceRef: string;
  readonly dueAt: string;
}

/** A renewal invoice a top-up settled in the replay, and when it was billed. */
interface SettledRenewal {
  readonly invoiceRef: string;
  readonly issuedMs: number;
}

/** The first renewal invoice a commit wrote that `matches`, if any. */
function renewalIn(
  changes: readonly Change[],
  matches: (invoice: InvoiceRecord) => boolean,
): InvoiceRecord | undefined {
  for (const { kind, record } of changes) {
    if (kind === 'invoices' && record.kind === 'service_renewal' && matches(record)) return record;
  }
  return undefined;
}

const billed = (invoice: InvoiceRecord | undefined): BilledRenewal | undefined =>
  invoice === undefined
    ? undefined
    : { serviceRef: invoice.service_ref ?? '(a service)', dueAt: invoice.issue_date };

/** The renewal invoice a commit settled after it was billed (a top-up paid it), if any. */
function settledRenewalIn(changes: readonly Change[]): SettledRenewal | undefined {
  const invoice = renewalIn(
    changes,
    ({ status, paid_at, issue_date }) => status === 'paid' && paid_at !== issue_date,
  );
  return invoice === undefined
    ? undefined
    : { invoiceRef: invoice.invoice_ref, issuedMs: Date.parse(invoice.issue_date) };
}

/** A renewal the clock paid when it billed it, before `beforeMs`, if any. */
const paidRenewalIn = (changes: readonly Change[], beforeMs: number) =>
  billed(
    renewalIn(
      changes,
      ({ status, paid_at, issue_date }) =>
        status === 'paid' && paid_at === issue_date && Date.parse(issue_date) < beforeMs,
    ),
  );

/** The renewal a commit left unpaid (the clock suspends the service instead), if any. */
const unpaidRenewalIn = (changes: readonly Change[]) =>
  billed(renewalIn(changes, ({ status }) => status === 'unpaid'));

/**
 * Replays `file` against a reference server in process loaded with the recording's own
 * scenario (`scenarioFromRecording`) and reports what differs. When the upstream showed more
 * money than the replay had, with no later page of the ledger to show where it came from (an
 * admin top-up, a payment), or, a while after, less money, with no listing of every service
 * (a renewal of one never listed), it replays again with what follows the last balance that
 * matched set apart: what that money paid for, or what took it, the recording cannot tell.
 * So is what follows a renewal the replay could not pay, with no later page of the ledger:
 * money the recording never showed may have paid it upstream.
 * Before that, it replays again while an exchange had not counted top-ups of its very
 * instant that the replay made before it, with those top-ups moved after it, or while a
 * balance showed more than the replay by top-ups it made before the first balance answer
 * at that answer's instant: those are moved after it, and the balance before the recording
 * is raised by them.
 */
export async function driftReport(file: string): Promise<DriftReport> {
  const passes = await driftPasses(file, MAX_DIFFERENCES);
  try {
    const report = await replayedReport(passes);
    const rest = passes.unreadableRest();
    return rest === undefined ? report : { ...report, unreadable_rest: rest };
  } finally {
    await passes.close();
  }
}

/** What {@link driftReport} reports of the recording `passes` read. */
async function replayedReport(passes: DriftPasses): Promise<DriftReport> {
  let recorded = await passes.scenario();
  let replayed = await replayRecording(passes, recorded, untoldFrom(recorded));
  for (let replays = 0; replays < MAX_REPLAYS_AGAIN; replays++) {
    const again =
      replayed.lateTopUps !== undefined
        ? withTopUpsMoved(recorded, replayed.lateTopUps)
        : replayed.statusGap === undefined
          ? undefined
          : withCountedStatuses(recorded, replayed.statusGap);
    if (again === undefined) break;
    recorded = again;
    replayed = await replayRecording(passes, recorded, untoldFrom(recorded));
  }
  const report =
    replayed.unlistedMoney === undefined
      ? replayed.report
      : (await replayRecording(passes, recorded, [...untoldFrom(recorded), replayed.unlistedMoney]))
          .report;
  const modelled = recorded.scenario.accounts?.[0]?.account_ref;
  if (recorded.otherAccounts === undefined || modelled === undefined) return report;
  return { ...report, accounts: { modelled, not_modelled: recorded.otherAccounts } };
}

/**
 * How many times drift replays again: to make top-ups after an exchange that had not counted
 * them, or to give the services only the first stats counted the statuses its replay left.
 */
const MAX_REPLAYS_AGAIN = 8;

/** `recorded` with the top-ups `late` names made after its exchange, the balance raised. */
function withTopUpsMoved(recorded: RecordedScenario, late: LateTopUps): RecordedScenario {
  const { indices, after, startCents } = late;
  const topUps = recorded.topUps.map((topUp, i) =>
    indices.includes(i) ? { ...topUp, after } : topUp,
  );
  const scenario =
    startCents === undefined ? recorded.scenario : withBalanceRaised(recorded.scenario, startCents);
  return { ...recorded, scenario, topUps };
}

/**
 * How near an exchange's upstream time a top-up's is taken for its very instant: an answer
 * that states no time (an error) is placed by an estimate, a few ms off.
 */
const SAME_INSTANT_MS = 1000;

/**
 * Of the top-ups made since the last answer that showed the balance, at the very instant of
 * an exchange (`ms`, `seq`; `made`: their indices, in order), those that came after it
 * upstream: for a balance read, the last ones, that add up to what the replay showed more
 * (`excessCents`); for an order the upstream refused for want of balance, all of them. A
 * frozen upstream clock stamps a top-up with the time of the exchanges around it: only the
 * money tells. None a page of transactions listed by then.
 */
function topUpsAfter(
  topUps: RecordedScenario['topUps'],
  made: readonly number[],
  { ms, seq }: { ms: number; seq: number },
  excessCents?: number,
): number[] | undefined {
  const sameInstant = made.filter((i) => {
    const topUp = topUps[i] as RecordedScenario['topUps'][number];
    return (
      Math.abs(Date.parse(topUp.at) - ms) <= SAME_INSTANT_MS &&
      (topUp.listed === undefined || topUp.listed > seq)
    );
  });
  if (excessCents === undefined) return sameInstant.length > 0 ? sameInstant : undefined;
  let sum = 0;
  for (let first = sameInstant.length - 1; first >= 0; first--) {
    sum += amountCents(topUps[sameInstant[first] as number]?.amount) ?? 0;
    if (sum === excessCents) return sameInstant.slice(first);
  }
  return undefined;
}

/** Top-ups to make after the exchange `after`, the start balance raised by `startCents` if given. */
interface LateTopUps {
  readonly indices: number[];
  readonly after: number;
  readonly startCents?: number;
}

/**
 * Of the top-ups the scenario took for made before the first balance answer (`first`), at
 * its very instant, the last ones that add up to what the upstream showed more than the
 * replay (`shortCents`) a while later: upstream they came after it, and the balance before
 * the recording was that much higher than the rewind took it for.
 */
function topUpsAfterFirstBalance(
  topUps: RecordedScenario['topUps'],
  first: { seq: number; ms: number },
  shortCents: number,
): LateTopUps | undefined {
  const before = topUps.flatMap((topUp, i) =>
    (topUp.after ?? 0) < first.seq && Math.abs(Date.parse(topUp.at) - first.ms) <= SAME_INSTANT_MS
      ? [i]
      : [],
  );
  const indices = topUpsAfter(topUps, before, first, shortCents);
  return indices === undefined ? undefined : { indices, after: first.seq, startCents: shortCents };
}

/** `scenario` with its account's balance raised by `cents` (exact: counted in cents). */
function withBalanceRaised(scenario: ScenarioInput, cents: number): ScenarioInput {
  const [account, ...others] = scenario.accounts ?? [];
  if (account === undefined) return scenario;
  const balance = ((amountCents(account.balance) ?? 0) + cents) / 100;
  return { ...scenario, accounts: [{ ...account, balance }, ...others] };
}

/** One replay of a recording (see {@link driftReport}); `untold`: where money follows the unseen. */
async function replayRecording(
  passes: DriftPasses,
  recorded: RecordedScenario,
  untold: readonly Untold[],
): Promise<{
  report: DriftReport;
  unlistedMoney?: Untold;
  lateTopUps?: LateTopUps;
  /** Where the first stats differed in status counts alone: see `statusGap`. */
  statusGap?: Map<string, number>;
}> {
  const {
    scenario,
    clockJumps,
    dateFollowsClock,
    topUps,
    mintedRefs,
    ledgerRuns,
    servicesListed,
    scopesOfSeveralKeys,
    unknownBalanceFrom,
    invoicesListedAt,
    balanceFrom,
    countedStatuses,
  } = recorded;
  let gap: Map<string, number> | undefined;
  /** The last exchange whose balance (a balance read, an order's) matched the upstream's. */
  let balanceMatched = { seq: 0, ms: Number.NEGATIVE_INFINITY };
  /**
   * Whether a run of the ledger's pages listed after `seq` shows what came in since `ms`: it
   * shows all that was made after its last record's time, not all made at that time (a
   * frozen clock stamps many records with one; those below its last are not listed).
   */
  const ledgerShows = (seq: number, ms: number) =>
    ledgerRuns.some((run) => run.seq > seq && (run.since === undefined || run.since < ms));
  let unlistedMoney: Untold | undefined;
  /**
   * The first exchange that had not counted top-ups the replay made before it (a balance
   * read that showed less, an order refused for want of balance), and those top-ups.
   */
  let lateTopUps: LateTopUps | undefined;
  /** The first exchange that showed the balance, and whether the replay's matched it. */
  let firstBalance: { seq: number; ms: number; matched: boolean } | undefined;
  /** The top-ups made since the last answer that showed the balance (their indices). */
  const madeSinceBalance: number[] = [];
  const server = createNodeServer({
    // Frozen from the start: the clock moves only to each exchange's time, never past it.
    scenario: { ...scenario, frozen: true },
    adminToken: randomBytes(24).toString('hex'),
    onError: () => {},
  });
  await server.ready;
  /** A renewal the replay could not pay, until the exchange during which it fell due is done. */
  let unpaidRenewal: BilledRenewal | undefined;
  /** A renewal a top-up settled in the replay, until the exchange it came before is done. */
  let settledRenewal: SettledRenewal | undefined;
  const stopWatchingSettlements = server.store.onChanges((changes) => {
    settledRenewal ??= settledRenewalIn(changes);
  });
  // Watched until what follows one is set apart: that point reaches every later exchange.
  const stopWatchingRenewals = server.store.onChanges((changes) => {
    unpaidRenewal ??= unpaidRenewalIn(changes);
  });
  /** A renewal the replay paid before the first balance shown, until its exchange is done. */
  let paidRenewal: BilledRenewal | undefined;
  const stopWatchingPaidRenewals =
    balanceFrom === undefined
      ? () => {}
      : server.store.onChanges((changes) => {
          paidRenewal ??= paidRenewalIn(changes, balanceFrom.at);
        });
  /** What follows points the recording cannot show: those it told, then those the replay found. */
  const untoldHere = [...untold];
  // The replay mints what the upstream minted: the refs, and what is named after them (a
  // service's name and address), match without a mapping.
  server.store.observeRefs(refsBefore(mintedRefs));
  const comparer = new Comparer(refsOf(scenario, new Set()));
  const clock = new UpstreamClock(
    scenario.now === undefined ? undefined : Date.parse(scenario.now),
    dateFollowsClock,
  );
  // By the name the recording gives: a Map, as a name may be one of Object.prototype's.
  const operations = new Map<string, DriftReport['operations'][string]>();
  const differences: DriftDifference[] = [];
  const unverifiable: Unverifiable[] = [];
  const skipped: SkippedLine[] = [];
  let omitted = 0;
  let matched = 0;
  let compared = 0;
  let first: number | null = null;
  /** The last write whose answer differed: later differences follow from it first. */
  let differingWrite: number | undefined;
  /**
   * The last order one side placed and the other refused (a queued 503 upstream, a 422 the
   * replay did not give): the balances after it differ by its charge first of all.
   */
  let orderAnsweredOtherwise: number | undefined;
  /** The next top-up the replay has yet to make (the upstream's came in while recording). */
  let topUp = 0;
  const accountRef = scenario.accounts?.[0]?.account_ref;
  /**
   * Makes the top-ups that came in before exchange `seq` (upstream time `ms`), each at its own
   * time, as the upstream did: not before an order it came after.
   */
  const topUpBefore = async (seq: number, ms: number) => {
    for (; topUp < topUps.length && accountRef !== undefined; topUp++) {
      const { at, amount, after = 0 } = topUps[topUp] as (typeof topUps)[number];
      const atMs = Date.parse(at);
      if (!(atMs <= ms) || after >= seq) return;
      if (atMs > Date.parse(server.admin.clock.now().now)) server.admin.clock.set(new Date(atMs));
      // One the server refuses (a recording may hold any amount) is left out.
      await server.admin.topUp(accountRef, amount).catch(() => {});
      madeSinceBalance.push(topUp);
    }
  };
  /** The next clock jump not yet behind the exchange being replayed. */
  let jump = 0;
  /**
   * Whether a plan's stock is counted: then whether the catalog shows it in stock follows the
   * orders it took, which follow the balance as an order does.
   */
  const stockCounted = (scenario.plans ?? []).some(({ stock }) => stock !== undefined && stock > 0);
  /** Why a differing answer depends on what the recording cannot show; undefined if not. */
  const unknowable = (exchange: RecordedExchange, at: UpstreamTime): string | undefined => {
    while (jump < clockJumps.length && (clockJumps[jump] as ClockJump).before <= exchange.seq) {
      jump++;
    }
    const around = clockJumps[jump];
    if (around !== undefined && around.after < exchange.seq && at.by === 'estimate') {
      return `its answer states no time (nor a Date on the upstream's clock), and the upstream's clock jumped ahead between #${around.after} and #${around.before}: it may have come before the jump or after it`;
    }
    const operation = exchange.operation ?? '';
    if (followsRenewals(operation) || (stockCounted && scopeOf(operation) === 'catalog:read')) {
      return untoldHere.find((from) => from.reached(exchange.seq, at.ms))?.reason;
    }
    return undefined;
  };
  const base = server.baseUrl;
  try {
    for await (const read of passes.exchanges((line) => {
      if (skipped.length < MAX_DIFFERENCES) skipped.push(line);
    })) {
      const { exchange } = read;
      const operation = exchange.operation ?? 'other';
      const counts = operations.get(operation) ?? { matched: 0, compared: 0, unverifiable: 0 };
      operations.set(operation, counts);
      const at = clock.timeWith(exchange, read.json);
      await topUpBefore(exchange.seq, at.ms);
      if (at.ms > Date.parse(server.admin.clock.now().now)) server.admin.clock.set(new Date(at.ms));
      // A time placed by an estimate may be past the upstream's, and the frozen clock only
      // moves on: whatever is stamped from here on (a read's estimate too, not only a
      // write's) may be that much late.
      comparer.tolerance = Math.max(comparer.tolerance, at.uncertainty);
      const write = exchange.method !== 'GET' && exchange.method !== 'HEAD';
      const url = `${base}${comparer.rewrite(exchange.path.slice(3))}${exchange.query === '' ? '' : `?${comparer.rewrite(exchange.query)}`}`;
      const cannot = unverifiableBecause(exchange) ?? sentByAnotherKey(read, scopesOfSeveralKeys);
      const answer =
        cannot === undefined ? await replay(server, url, exchange, comparer) : { failed: cannot };
      const setAside = (reason: string) => {
        counts.unverifiable++;
        if (unverifiable.length < MAX_DIFFERENCES) {
          unverifiable.push({ seq: exchange.seq, operation, reason });
        }
      };
      if ('failed' in answer) {
        setAside(answer.failed);
        continue;
      }
      const unreadable = exchange.response.body !== null && read.text === undefined;
      if (answer.status === exchange.status && unreadable) {
        setAside('its answer cannot be read back (binary, or compressed past 1 MiB)');
        continue;
      }
      const found = compare(read, answer, comparer);
      if (exchange.seq === countedStatuses?.seq) gap = statusGap(found);
      const balancePath = balancePathOf(operation);
      const showsBalance = balancePath !== undefined && exchange.status === 200;
      if (showsBalance && found.length === 0) balanceMatched = { seq: exchange.seq, ms: at.ms };
      if (showsBalance) {
        firstBalance ??= { seq: exchange.seq, ms: at.ms, matched: found.length === 0 };
      }
      if (lateTopUps === undefined) {
        // What a balance read showed less than the replay (an order's answer holds a charge).
        const excess = -(amountGapCents(found, '$.amount') ?? 0);
        const late =
          showsBalance && excess > 0
            ? topUpsAfter(topUps, madeSinceBalance, { ms: at.ms, seq: exchange.seq }, excess)
            : (balancePath !== undefined && answer.status === 200 && refusedForBalance(read)) ||
                (operation === 'getServiceStats' && countedMoreSuspended(found))
              ? topUpsAfter(topUps, madeSinceBalance, { ms: at.ms, seq: exchange.seq })
              : undefined;
        if (late !== undefined) lateTopUps = { indices: late, after: exchange.seq };
        const short = balancePath === undefined ? 0 : (amountGapCents(found, balancePath) ?? 0);
        if (late === undefined && firstBalance?.matched && showsBalance && short > 0) {
          lateTopUps = topUpsAfterFirstBalance(topUps, firstBalance, short);
        }
      }
      if (showsBalance) madeSinceBalance.length = 0;
      const since = balanceMatched.seq;
      const afterMatched = since > 0 ? ` after #${since}` : '';
      // A balance that differs after an order placed on one side only, since the last one
      // that matched, follows from that order: it stays compared, marked as its consequence,
      // never set apart for money no listing showed, which would be a false reason.
      const orderExplains = orderAnsweredOtherwise !== undefined && orderAnsweredOtherwise > since;
      if (
        unlistedMoney === undefined &&
        !orderExplains &&
        upstreamRicher(operation, found, answer) &&
        !ledgerShows(exchange.seq, balanceMatched.ms)
      ) {
        unlistedMoney = {
          reached: (seq) => seq > since,
          reason: `it follows the balance, which showed more money upstream at #${exchange.seq} than the replay had${afterMatched}: money came in that no listing of the ledger showed (a top-up, a payment); list GET /transactions after it to verify it`,
        };
      }
      if (
        unlistedMoney === undefined &&
        !orderExplains &&
        !servicesListed &&
        at.ms - balanceMatched.ms >= TERM_END_UNSEEN_AFTER_MS &&
        upstreamPoorer(read, found)
      ) {
        unlistedMoney = {
          reached: (seq) => seq > since,
          reason: `it follows the balance, which showed less money upstream at #${exchange.seq} than the replay had${afterMatched}, time having passed: a renewal of a service the recording never listed may have taken it; list every page of GET /services while recording to verify it`,
        };
      }
      if (
        unlistedMoney === undefined &&
        !orderExplains &&
        balanceFrom !== undefined &&
        exchange.seq < balanceFrom.seq &&
        upstreamPoorer(read, found) &&
        !ledgerShows(exchange.seq, at.ms)
      ) {
        unlistedMoney = {
          reached: (seq) => seq > since,
          reason: `it follows the balance, which showed less money upstream at #${exchange.seq} than the replay had, before the first answer that showed it (#${balanceFrom.seq}): the balance until then is rewound from that answer, and money that came in between that no listing of the ledger showed (a top-up) makes it lower upstream; list GET /transactions after #${balanceFrom.seq} to verify it`,
        };
      }
      if (
        write &&
        balancePath !== undefined &&
        answer.status !== exchange.status &&
        (answer.status === 200 || exchange.status === 200)
      ) {
        orderAnsweredOtherwise = exchange.seq;
      }
      if (unpaidRenewal !== undefined) {
        const { serviceRef, dueAt } = unpaidRenewal;
        const from = exchange.seq;
        unpaidRenewal = undefined;
        // With the ledger listed after it back to the last balance that matched, the replay
        // made every top-up the upstream had: a renewal it could not pay, neither could the
        // upstream, and what differs from here on differs. Unless it came before an order
        // whose charge no answer showed: the replay's balance before that order is short of
        // it (the rewind had nothing to add back).
        const order = unknownBalanceFrom;
        const reason =
          order !== undefined && from < order.seq
            ? `it follows a renewal the replay could not pay (${serviceRef}, due ${dueAt}): the balance before the order that created ${order.service_ref} (#${order.seq}) is unknown, neither its charge nor the catalog before it listed, and the upstream may have had the money; show GET /balance or GET /plans before ordering to verify it`
            : ledgerShows(from, balanceMatched.ms)
              ? undefined
              : `it follows a renewal the replay could not pay (${serviceRef}, due ${dueAt})${afterMatched}: the upstream may have had money that no answer showed (a top-up, a payment) and renewed it; list GET /transactions after it to verify it`;
        if (reason !== undefined) {
          stopWatchingRenewals();
          untoldHere.push({ reached: (seq) => seq >= from, reason });
        }
      }
      if (paidRenewal !== undefined && balanceFrom !== undefined) {
        const { serviceRef, dueAt } = paidRenewal;
        const from = exchange.seq;
        paidRenewal = undefined;
        // The balance before it is rewound from a later one: money that came in between
        // unlisted (a top-up) made the rewound balance higher than the upstream's was here,
        // unless a page of the ledger listed from that balance on reaches back before it.
        if (!ledgerShows(balanceFrom.seq - 1, Date.parse(dueAt))) {
          stopWatchingPaidRenewals();
          untoldHere.push({
            reached: (seq) => seq >= from,
            reason: `it follows renewals the replay paid before the first answer that showed the balance (#${balanceFrom.seq}), the first ${serviceRef}'s, due ${dueAt}: the balance until that answer is rewound from it, and money that came in unlisted before it (a top-up) would have left the upstream less to pay them with; list GET /transactions after #${balanceFrom.seq} to verify it`,
          });
        }
      }
      // Past the first balance shown, the rewound balance is behind: nothing more to watch.
      if (balanceFrom !== undefined && exchange.seq >= balanceFrom.seq) stopWatchingPaidRenewals();
      if (settledRenewal !== undefined) {
        const { invoiceRef, issuedMs } = settledRenewal;
        const from = exchange.seq;
        settledRenewal = undefined;
        // A top-up settles unpaid renewals oldest first and stops at the first it does not
        // cover: unless a run of invoice pages listed every invoice billed by then, an older
        // one the recording never showed may have held this one back upstream.
        if (!invoicesListedAt.some((listedMs) => listedMs >= issuedMs)) {
          stopWatchingSettlements();
          untoldHere.push({
            reached: (seq) => seq >= from,
            reason: `it follows a top-up that settled ${invoiceRef} in the replay: a top-up settles unpaid renewals oldest first and stops at the first it does not cover, and an older unpaid invoice the recording never showed may have held it back upstream; list every page of GET /invoices while recording to verify it`,
          });
        }
      }
      const cannotShow = found.length > 0 ? unknowable(exchange, at) : undefined;
      if (cannotShow !== undefined) {
        setAside(cannotShow);
        continue;
      }
      counts.compared++;
      compared++;
      if (found.length === 0) {
        counts.matched++;
        matched++;
        continue;
      }
      first ??= exchange.seq;
      const after = differingWrite;
      if (write) differingWrite = exchange.seq;
      for (const [json_path, recorded, replayed, note] of found) {
        if (differences.length >= MAX_DIFFERENCES) {
          omitted++;
          continue;
        }
        differences.push({
          seq: exchange.seq,
          ...(after === undefined ? {} : { after }),
          operation,
          method: exchange.method,
          path: exchange.path,
          json_path,
          recorded: shown(recorded),
          replayed: shown(replayed),
          ...(note === undefined ? {} : { note }),
        });
      }
    }
  } finally {
    await server.close();
  }
  const report: DriftReport = {
    // Own properties, `__proto__` too (Object.fromEntries defines them, never sets them).
    operations: Object.fromEntries(operations),
    first_difference: first,
    differences,
    differences_omitted: omitted,
    unverifiable,
    skipped_lines: skipped,
    matched,
    compared,
  };
  return {
    report,
    ...(unlistedMoney === undefined ? {} : { unlistedMoney }),
    ...(lateTopUps === undefined ? {} : { lateTopUps }),
    ...(gap === undefined ? {} : { statusGap: gap }),
  };
}

/**
 * A value as a difference keeps it: whole when its JSON is at most SHOWN_VALUE_CHARS
 * characters, else a string of its first SHOWN_VALUE_CHARS characters of JSON and how long
 * it was, so the report's memory does not follow the recording's bodies.
 */
function shown(value: unknown): unknown {
  if (value === undefined) return value;
  const json = JSON.stringify(value);
  if (json.length <= SHOWN_VALUE_CHARS) return value;
  // Not cut inside a surrogate pair, and copied: a slice of a string keeps the whole alive.
  const end = /[\uD800-\uDBFF]/.test(json.charAt(SHOWN_VALUE_CHARS - 1))
    ? SHOWN_VALUE_CHARS - 1
    : SHOWN_VALUE_CHARS;
  const head = Buffer.from(json.slice(0, end), 'utf8').toString('utf8');
  return `${head}… (${json.length} characters of JSON)`;
}

const show = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));

/**
 * The last line of a report: `fidelity <matched>/<compared> (<n> unverifiable)`, and when
 * the recording used several accounts, which were not modelled.
 */
export function fidelityLine(report: DriftReport): string {
  const unverifiable = Object.values(report.operations).reduce((n, o) => n + o.unverifiable, 0);
  const { accounts } = report;
  const others =
    accounts === undefined
      ? ''
      : `; sessions of accounts other than ${accounts.modelled} not modelled: ${accounts.not_modelled.join(', ')}`;
  return `fidelity ${report.matched}/${report.compared} (${unverifiable} unverifiable${others})`;
}

/**
 * The text report: per operation matched/compared (and unverifiable), the first difference,
 * each difference (consequences marked), the unverifiable exchanges with their reasons, the
 * skipped lines, then `fidelity m/n (u unverifiable)`. Every recorded string is shown
 * terminal-safe.
 */
export function formatDriftReport(report: DriftReport): string {
  const names = Object.keys(report.operations).sort();
  const width = Math.max(9, ...names.map((n) => n.length));
  const lines = [`${'operation'.padEnd(width)}  matched/compared`];
  for (const name of names) {
    const { matched, compared, unverifiable } = report.operations[name]!;
    const apart = unverifiable > 0 ? ` (${unverifiable} unverifiable)` : '';
    lines.push(`${name.padEnd(width)}  ${matched}/${compared}${apart}`);
  }
  const describe = (d: DriftDifference) =>
    `#${d.seq} ${d.operation} ${d.method} ${d.path}: ${d.json_path}: ${show(d.recorded)} -> ${show(d.replayed)}${d.note === undefined ? '' : ` (${d.note})`}`;
  const firstOne = report.differences.find((d) => d.seq === report.first_difference);
  if (firstOne !== undefined) lines.push('', `first difference: ${describe(firstOne)}`);
  if (report.differences.length > 0) lines.push('', 'differences (recorded -> reference server):');
  for (const d of report.differences) {
    lines.push(
      `  ${describe(d)}${d.after === undefined ? '' : ` (after the differing write #${d.after})`}`,
    );
  }
  if (report.differences_omitted > 0)
    lines.push(`  … ${report.differences_omitted} more differences not shown`);
  if (report.unverifiable.length > 0) lines.push('', 'unverifiable (not compared):');
  for (const u of report.unverifiable) lines.push(`  #${u.seq} ${u.operation}: ${u.reason}`);
  if (report.skipped_lines.length > 0) lines.push('', 'skipped lines (not exchanges):');
  for (const s of report.skipped_lines) lines.push(`  line ${s.line}: ${s.reason}`);
  lines.push(fidelityLine(report));
  // Each line on its own: a line break in a recorded string (a path, an operation, a key)
  // is shown, never a line of the report.
  return `${lines.map(terminalLine).join('\n')}\n`;
}
