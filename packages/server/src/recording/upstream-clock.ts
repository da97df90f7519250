import { jsonBody, type RecordedExchange } from './recording-format';

// A recording's `time` is the proxy's clock; the upstream's records (an order's created_at)
// carry the upstream's, which an answer states in `server_time` or `as_of`, and a queued
// Shield rule in its `created_at`. An exchange is placed at the time its answer states; one
// that states none (a DELETE, a profile) at the last stated time moved on by the proxy's
// time since, at the pace the upstream's clock kept between its last two statements (none
// for a frozen upstream). Such a time is an estimate: a write placed by one may stamp its
// records a little off the upstream's, and `uncertainty` says by how much at most. An
// upstream whose `Date` header agrees with the times its answers state (the reference
// server states its own clock there) also places, to the second, an exchange its `Date`
// shows far past the estimate: the clock jumped (an admin moved it) since its last statement.

/** Most an estimate is trusted to be off by (a longer gap is still placed, not excused). */
const MAX_UNCERTAINTY_MS = 2_000;

/** The latest time an ISO 8601 date with a four-digit year (a scenario's `now`) can hold. */
const LAST_ISO_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A time an API answer can state: from 1970 to year 9999. A recording's text is not
 * trusted: a hostile year -271821 would start a scenario no server loads.
 */
const plausible = (ms: number): number | undefined =>
  ms >= 0 && ms <= LAST_ISO_MS ? ms : undefined;

/**
 * The upstream's time an answer states, in ms; undefined if none. `body`: the answer's JSON
 * (`jsonBody` of its response), which the caller parses once for all it reads there.
 */
export function statedTime(exchange: RecordedExchange, body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  let stated = record.server_time ?? record.as_of;
  // A rule queued now is created now; a replayed one was created before.
  const rule = record.rule as Record<string, unknown> | undefined;
  if (
    stated === undefined &&
    exchange.status === 202 &&
    typeof rule === 'object' &&
    rule !== null &&
    exchange.response.headers['idempotent-replayed'] === undefined
  ) {
    stated = rule.created_at;
  }
  return typeof stated === 'string' ? plausible(Date.parse(stated)) : undefined;
}

/**
 * Exchanges between two that stated their times, `after` and `before` (seqs), while the
 * upstream's clock ran ahead of the proxy's by more than an estimate is trusted with (an
 * admin moved it): an exchange between them that states no time of its own may have come
 * before the move or after it.
 */
export interface ClockJump {
  readonly after: number;
  readonly before: number;
}

/** Finds the {@link ClockJump}s of a recording, one exchange at a time. */
export class ClockJumps {
  readonly jumps: ClockJump[] = [];
  #last: { seq: number; upstream: number; proxy: number } | undefined;

  constructor(private readonly most: number) {}

  /** `stated`: the time its answer states ({@link statedTime}), read once by the caller. */
  observe(exchange: RecordedExchange, stated: number | undefined): void {
    if (stated === undefined) return;
    const proxy = Date.parse(exchange.time);
    const last = this.#last;
    this.#last = { seq: exchange.seq, upstream: stated, proxy };
    if (last === undefined || exchange.seq - last.seq < 2 || this.jumps.length >= this.most) return;
    if (stated - last.upstream - (proxy - last.proxy) > MAX_UNCERTAINTY_MS) {
      this.jumps.push({ after: last.seq, before: exchange.seq });
    }
  }
}

/** Where an exchange sits on the upstream's clock. */
export interface UpstreamTime {
  readonly ms: number;
  /** How far off the upstream's own time `ms` may be: 0 when the answer stated it. */
  readonly uncertainty: number;
  /**
   * What placed it: the time its body states, its `Date` header (which the upstream's
   * answers showed to follow its clock), or only an estimate from the proxy's clock.
   */
  readonly by: 'body' | 'date' | 'estimate';
}

/** Places recorded exchanges on the upstream's clock (see the module comment). */
export class UpstreamClock {
  /** The last stated upstream time and the proxy's time then. */
  #last: { upstream: number; proxy: number } | undefined;
  /** Upstream ms per proxy ms between the last two statements: 0 frozen, 1 running. */
  #pace = 1;
  /** Whether the answers' `Date` headers agree with the times they state (unknown: unread). */
  #dateFollowsClock: boolean | undefined;
  readonly #start: number | undefined;

  /**
   * `startMs`: the upstream's time at the first exchange (the scenario's `now`), if known;
   * `dateFollowsClock`: whether the first answer that stated a time showed that the `Date`
   * headers follow the upstream's clock, read from the answers before it too.
   */
  constructor(startMs?: number, dateFollowsClock?: boolean) {
    this.#start = startMs;
    if (dateFollowsClock === true) this.#dateFollowsClock = true;
  }

  /** The upstream time of `exchange`: the time it states, else an estimate. */
  timeOf(exchange: RecordedExchange): UpstreamTime {
    return this.timeWith(exchange, jsonBody(exchange.response));
  }

  /** {@link timeOf} with the answer's JSON parsed already (`body`: see {@link statedTime}). */
  timeWith(exchange: RecordedExchange, body: unknown): UpstreamTime {
    const proxy = Date.parse(exchange.time);
    const stated = statedTime(exchange, body);
    if (stated !== undefined) {
      if (this.#last !== undefined && proxy > this.#last.proxy) {
        this.#pace = Math.min(
          1,
          Math.max(0, (stated - this.#last.upstream) / (proxy - this.#last.proxy)),
        );
      }
      this.#last = { upstream: stated, proxy };
      // An upstream whose `Date` is another clock than its answers' times (an older
      // reference server stamped the host's) never has it read.
      const agrees = dateAgrees(exchange, stated);
      if (agrees !== undefined && this.#dateFollowsClock !== false) this.#dateFollowsClock = agrees;
      return { ms: stated, uncertainty: 0, by: 'body' };
    }
    const elapsed = this.#last === undefined ? 0 : Math.max(0, proxy - this.#last.proxy);
    const estimate =
      this.#last === undefined
        ? (this.#start ?? proxy)
        : this.#last.upstream + Math.round(elapsed * this.#pace);
    // The answer's `Date` (whole seconds) far past the estimate: the upstream's clock jumped
    // ahead since its last statement (an admin moved it). The exchange is placed there.
    const dated = this.#dateFollowsClock === true ? dateOf(exchange) : undefined;
    if (dated !== undefined && dated > estimate + MAX_UNCERTAINTY_MS) {
      this.#last = { upstream: dated, proxy };
      return { ms: dated, uncertainty: DATE_RESOLUTION_MS, by: 'date' };
    }
    return {
      ms: estimate,
      uncertainty: this.#pace === 0 ? 0 : Math.min(MAX_UNCERTAINTY_MS, elapsed),
      // A `Date` that follows the clock and agrees with the estimate confirms it.
      by: dated === undefined ? 'estimate' : 'date',
    };
  }
}

/** A `Date` header states the time to the second. */
export const DATE_RESOLUTION_MS = 1000;

/** Past this, an answer's `Date` ahead of a time on the same clock shows the clock moved between. */
export const CLOCK_MOVED_MS = DATE_RESOLUTION_MS + MAX_UNCERTAINTY_MS;

/** The upstream's time in an answer's `Date` header, in ms; undefined without one. */
export function dateOf(exchange: RecordedExchange): number | undefined {
  const date = exchange.response.headers.date;
  return typeof date === 'string' ? plausible(Date.parse(date)) : undefined;
}

/**
 * Whether the answer's `Date` agrees with the time it states (`stated`): then the upstream's
 * `Date` follows its clock. Undefined without a `Date`.
 */
export function dateAgrees(exchange: RecordedExchange, stated: number): boolean | undefined {
  const dated = dateOf(exchange);
  return dated === undefined ? undefined : Math.abs(dated - stated) <= MAX_UNCERTAINTY_MS;
}
