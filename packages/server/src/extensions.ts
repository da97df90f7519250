/** Live state of a server module (e.g. Shield); `exportState` feeds GET /__admin/state. */
export interface ExtensionState {
  exportState?(): unknown;
  /** Replays a change the module reported through {@link Extensions.changed}. */
  applyChange?(change: unknown): void;
}

/**
 * Per-server state of optional modules, created lazily from the scenario's
 * `extensions[name]` snapshot and dropped whenever a scenario is loaded or reset.
 */
export class Extensions {
  #live = new Map<string, ExtensionState>();
  #snapshots: Readonly<Record<string, unknown>> = {};
  readonly #listeners = new Set<(name: string, change: unknown) => void>();

  /** Reports a change of module `name` as plain JSON, O(change) (the durable journal keeps it). */
  changed(name: string, change: unknown): void {
    for (const listener of this.#listeners) listener(name, change);
  }

  /** Subscribes to changes reported by modules. */
  onChange(listener: (name: string, change: unknown) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The state of module `name`, created by `init(snapshot)` on first use after a load. */
  get<T extends ExtensionState>(name: string, init: (snapshot: unknown) => T): T {
    let state = this.#live.get(name);
    if (state === undefined) {
      state = init(this.#snapshots[name]);
      this.#live.set(name, state);
    }
    return state as T;
  }

  /** Drops live states; later `get` calls start from these snapshots. */
  load(snapshots: Readonly<Record<string, unknown>> | undefined): void {
    this.#live = new Map();
    this.#snapshots = snapshots ?? {};
  }

  /** Snapshots of every module: live ones exported now, untouched ones as loaded. */
  export(): Record<string, unknown> | undefined {
    const out: Record<string, unknown> = { ...this.#snapshots };
    for (const [name, state] of this.#live) {
      if (state.exportState) out[name] = state.exportState();
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
}
