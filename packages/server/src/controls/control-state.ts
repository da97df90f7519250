import { z } from 'zod';
import type { ControlSlice } from './control-slice';

/** Reads and changes controls by their slice (typed by it); the admin API offers this. */
export interface ControlAccess {
  /** A copy of the control's value. */
  get<V>(slice: ControlSlice<V>): V;
  /** Applies an admin change; returns a copy of the new value. */
  set<V>(slice: ControlSlice<V>, patch: Partial<V>): V;
}

/**
 * The live values of a registry of controls (`ctx.controls`). The hot path reads them
 * with `read` (no copy); everything else iterates the registry through `reset`,
 * `export` and `import`, so none of it names a control.
 */
export class ControlState implements ControlAccess {
  readonly #values = new Map<string, unknown>();
  #version = 0;

  constructor(readonly slices: readonly ControlSlice<unknown>[]) {
    const names = new Set<string>();
    for (const slice of slices) {
      if (names.has(slice.name)) throw new Error(`control ${slice.name} registered twice`);
      names.add(slice.name);
    }
    this.reset();
  }

  /**
   * Bumped by every change (set, reset, import): the write-ahead log stamps the controls on a line
   * only when they changed, and asks this instead of serializing them for every line.
   */
  get version(): number {
    return this.#version;
  }

  /** The live value (read-only; change it through {@link set}). */
  read<V>(slice: ControlSlice<V>): Readonly<V> {
    const value = this.#values.get(slice.name);
    if (value === undefined) throw new Error(`control ${slice.name} is not registered`);
    return value as V;
  }

  get<V>(slice: ControlSlice<V>): V {
    return structuredClone(this.read(slice));
  }

  set<V>(slice: ControlSlice<V>, patch: Partial<V>): V {
    const next = slice.apply(this.read(slice), patch);
    // The admin route validated its body, but the in-process calls (`admin.faults.set`,
    // `admin.shield.pause`, the test kit's controls) did not: a value the schema refuses was
    // kept, sent as is (`Retry-After: NaN`), and broke every later import of the controls
    // (a snapshot restore, a space from the current state). Refused here, changing nothing.
    const checked = slice.schema.safeParse(next);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw new RangeError(`${slice.name}: ${field}${issue?.message ?? 'invalid value'}`);
    }
    this.#values.set(slice.name, next);
    this.#version++;
    return structuredClone(next);
  }

  /** The live values now, in registry order (no copy): what {@link faultLabel} compares with. */
  values(): readonly unknown[] {
    return this.slices.map((slice) => this.#values.get(slice.name));
  }

  /**
   * The request journal's `fault` of an answer: the first control that names a fault it
   * injected, else the first ambient one (added latency), else null.
   * @param before {@link values} when the request came in
   */
  faultLabel(before: readonly unknown[], status: number, body: string): string | null {
    let code: { value: string | undefined } | undefined;
    const errorCode = () => {
      code ??= { value: errorCodeOf(body) };
      return code.value;
    };
    // Asked once per API request: an indexed loop, no entries iterator.
    const slices = this.slices;
    for (let i = 0; i < slices.length; i++) {
      const slice = slices[i] as ControlSlice<unknown>;
      if (slice.faultLabel === undefined) continue;
      const after = this.#values.get(slice.name);
      const label = slice.faultLabel({ before: before[i], after, status, errorCode });
      if (label) return label;
    }
    for (const slice of slices) {
      const label = slice.ambientLabel?.(this.#values.get(slice.name));
      if (label) return label;
    }
    return null;
  }

  /** Every control back to its initial value (scenario load and reset). */
  reset(): void {
    for (const slice of this.slices) this.#values.set(slice.name, slice.initial());
    this.#version++;
  }

  /** Every control as plain JSON, keyed by name (the state file's `controls`). */
  export(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const slice of this.slices) out[slice.name] = slice.export(this.#values.get(slice.name));
    return out;
  }

  /**
   * Sets every control from an {@link export}: all or nothing. A control missing from it
   * (a file written before the control existed) starts at its initial value; a name no
   * slice has is an error, as is a value its schema refuses.
   */
  import(exported: unknown): void {
    if (typeof exported !== 'object' || exported === null || Array.isArray(exported)) {
      throw new Error('controls: expected an object');
    }
    const raw = exported as Record<string, unknown>;
    const known = new Set(this.slices.map((slice) => slice.name));
    const unknown = Object.keys(raw).find((name) => !known.has(name));
    if (unknown !== undefined) throw new Error(`controls: unknown control ${unknown}`);
    const next = new Map<string, unknown>();
    for (const slice of this.slices) {
      const value = raw[slice.name];
      try {
        next.set(slice.name, value === undefined ? slice.initial() : slice.import(value));
      } catch (error) {
        throw new Error(`controls.${slice.name}: ${firstLine(error)}`);
      }
    }
    for (const [name, value] of next) this.#values.set(name, value);
    this.#version++;
  }
}

function errorCodeOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
      return typeof parsed.error === 'string' ? parsed.error : undefined;
    }
  } catch {
    // Not JSON: no error code.
  }
  return undefined;
}

const firstLine = (error: unknown): string => {
  if (error instanceof z.ZodError) return z.prettifyError(error).replaceAll('\n', ' ');
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
};
