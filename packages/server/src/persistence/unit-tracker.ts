import type { UnitPart } from '../state/state-slice';
import type { UnitGate } from './unit-gate';
import { type WalSlot, WalWriteError, type WalWriter } from './wal-writer';

class Unit {
  slot: WalSlot | undefined;
  /** Set once its line is filled: a late change (a timer it left behind) gets its own line. */
  done = false;
  readonly commits: string[] = [];
  readonly extensions: string[] = [];
  readonly idempotency: string[] = [];
  scenario: string | undefined;

  /** `always`: log a line even without parts (admin actions: the clock and switches). */
  constructor(readonly always: boolean) {}

  body(): string {
    const members: string[] = [];
    if (this.scenario !== undefined) members.push(this.scenario);
    if (this.commits.length > 0) members.push(`"commits":[${this.commits.join(',')}]`);
    if (this.extensions.length > 0) members.push(`"extensions":[${this.extensions.join(',')}]`);
    if (this.idempotency.length > 0) members.push(`"idempotency":[${this.idempotency.join(',')}]`);
    return members.join(',');
  }
}

/**
 * Groups what each unit of work changes into one write-ahead log line. Units run one at a
 * time, so the unit a change belongs to is the one running: none awaits I/O inside (the wait
 * for durability comes after it ends, outside), so running them in turn costs no concurrency,
 * where finding the unit through AsyncLocalStorage made Node 22 hook every promise the process
 * made (~9% of a durable order's CPU, and every await of a test suite with a durable server). A change made while no unit runs (a timer
 * one left behind) gets a line of its own; one made by other code while a unit awaits is that
 * unit's, and durable with it. A unit's line takes its place in the write-ahead log at its
 * first change, so lines keep the order in which changes happened, and it is written when the
 * unit ends.
 */
export class UnitTracker {
  /** The unit whose code runs now: changes recorded meanwhile are its own. */
  #running: Unit | undefined;
  /** Set from a unit's start until the next one takes its turn. */
  #taken = false;
  /** Units waiting for their turn, in arrival order. */
  readonly #waiting: (() => void)[] = [];
  #tolerateReads = false;

  constructor(
    private readonly writer: WalWriter,
    private readonly gate: UnitGate,
  ) {}

  /**
   * Records a part of the current unit (`encode` serializes it), or logs it alone when no unit
   * is running. The change it reports is already in memory: if it cannot be encoded, the
   * write-ahead log fails as on a full disk ({@link WalWriter.fail}), so neither this unit nor
   * any later one is acknowledged and the owner loads the durable state back. Returns whether
   * the part was recorded.
   */
  record(encode: () => UnitPart): boolean {
    const unit = this.#running;
    let part: UnitPart;
    try {
      part = encode();
    } catch (error) {
      this.writer.fail(error);
      // A unit that had not reserved its line yet fails all the same (the slot fails at once).
      if (unit !== undefined && !unit.done) unit.slot ??= this.writer.reserve();
      return false;
    }
    if (unit === undefined || unit.done) {
      const alone = new Unit(false);
      add(alone, part);
      this.#fill(this.writer.reserve(), alone);
      return true;
    }
    unit.slot ??= this.writer.reserve();
    add(unit, part);
    return true;
  }

  /**
   * While on (the write-ahead log refuses writes and memory was reloaded from disk), reads admitted
   * answer even when their own line fails: all they change is derived from the clock (Shield
   * progress), seen on durable state, and derived again after the next reload.
   */
  tolerateReadFailures(on: boolean): void {
    this.#tolerateReads = on;
  }

  /**
   * Runs an API request as a unit: admitted once the write-ahead log has room for more lines
   * and by the gate, and settled only once its changes
   * (or, for a request that changed nothing, everything it could have seen) are durable.
   */
  async run<T>(fn: () => Promise<T>, access: 'read' | 'write' = 'write'): Promise<T> {
    // Before the gate: a unit held back here holds no compaction back.
    const room = this.writer.room();
    if (room !== undefined) await room;
    const admission = this.gate.enter();
    if (admission !== undefined) await admission;
    const tolerant = access === 'read' && this.#tolerateReads;
    const unit = new Unit(false);
    let result: T;
    try {
      if (this.#taken) await this.#turn();
      result = await this.#runAs(unit, fn);
    } finally {
      this.gate.leave();
    }
    const durable = unit.slot?.durable ?? this.writer.flushed();
    await (tolerant ? durable.catch(notWalFailure) : durable);
    return result;
  }

  /** Runs a synchronous admin action as a unit that always logs a line. */
  runSync<T>(fn: () => T): T {
    // It may run while a unit awaits: that unit goes on as the running one after it.
    const unit = new Unit(true);
    const interrupted = this.#running;
    this.#running = unit;
    try {
      return fn();
    } finally {
      this.#running = interrupted;
      this.#finish(unit);
    }
  }

  /** Runs an admin action alone (no request half-way), logged and durable when it settles. */
  async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    const unit = new Unit(true);
    // No unit is inside the gate when it runs: none holds the turn.
    const result = await this.gate.exclusive(() => this.#runAs(unit, fn));
    await unit.slot?.durable;
    return result;
  }

  // Waits until the unit before has ended; it hands its turn on (see `#runAs`).
  #turn(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  // Runs `fn` as the running unit, ends the unit, then hands the turn to the next waiting one.
  async #runAs<T>(unit: Unit, fn: () => Promise<T>): Promise<T> {
    this.#taken = true;
    this.#running = unit;
    try {
      return await fn();
    } finally {
      this.#running = undefined;
      this.#finish(unit);
      const next = this.#waiting.shift();
      if (next === undefined) this.#taken = false;
      else next();
    }
  }

  #finish(unit: Unit): void {
    unit.done = true;
    if (unit.slot === undefined && !unit.always) return;
    unit.slot ??= this.writer.reserve();
    this.#fill(unit.slot, unit);
  }

  // A line too large to join (past the longest string) fails like a part that cannot be
  // encoded; its slot is filled all the same, or the lines after it would wait for it forever.
  #fill(slot: WalSlot, unit: Unit): void {
    let body = '';
    try {
      body = unit.body();
    } catch (error) {
      this.writer.fail(error);
    }
    this.writer.fill(slot, body);
  }
}

function add(unit: Unit, part: UnitPart): void {
  if ('commit' in part) unit.commits.push(part.commit);
  else if ('extension' in part) unit.extensions.push(part.extension);
  else if ('idempotency' in part) unit.idempotency.push(part.idempotency);
  else unit.scenario = part.scenario;
}

function notWalFailure(error: unknown): void {
  if (!(error instanceof WalWriteError)) throw error;
}
