import { AsyncLocalStorage } from 'node:async_hooks';
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
 * Groups what each unit of work changes into one write-ahead log line. The unit is found through
 * AsyncLocalStorage (a store commit deep inside an operation belongs to the request that
 * awaited it); its line takes its place in the write-ahead log at its first change, so lines keep
 * the order in which changes happened, and it is written when the unit ends.
 */
export class UnitTracker {
  readonly #units = new AsyncLocalStorage<Unit>();
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
    const unit = this.#units.getStore();
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
    let slot: WalSlot | undefined;
    try {
      result = await this.#units.run(unit, fn);
    } finally {
      slot = this.#finish(unit);
      this.gate.leave();
    }
    const durable = slot?.durable ?? this.writer.flushed();
    await (tolerant ? durable.catch(notWalFailure) : durable);
    return result;
  }

  /** Runs a synchronous admin action as a unit that always logs a line. */
  runSync<T>(fn: () => T): T {
    const unit = new Unit(true);
    try {
      return this.#units.run(unit, fn);
    } finally {
      this.#finish(unit);
    }
  }

  /** Runs an admin action alone (no request half-way), logged and durable when it settles. */
  async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    const unit = new Unit(true);
    let slot: WalSlot | undefined;
    const result = await this.gate.exclusive(async () => {
      try {
        return await this.#units.run(unit, fn);
      } finally {
        slot = this.#finish(unit);
      }
    });
    await slot?.durable;
    return result;
  }

  /**
   * Stops tracking units, once the log is closed. On Node 22 an AsyncLocalStorage in use hooks
   * every promise the process makes, until each one in use is disabled: without this, a test
   * suite's every await after its durable server closed would still pay for them.
   */
  close(): void {
    this.#units.disable();
  }

  #finish(unit: Unit): WalSlot | undefined {
    unit.done = true;
    if (unit.slot === undefined && !unit.always) return undefined;
    unit.slot ??= this.writer.reserve();
    this.#fill(unit.slot, unit);
    return unit.slot;
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
