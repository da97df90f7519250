import type { AnyExtensionModule, ExtensionModule } from './extension-module';

/** Every module's state at one moment (see {@link Extensions.fork}). Opaque. */
export interface ExtensionsFork {
  readonly snapshots: Readonly<Record<string, unknown>>;
  /** Detached forks of the live states: they report to nobody. */
  readonly live: ReadonlyMap<string, unknown>;
}

const detached = { report: () => {} };

/**
 * The live state of each extension module of one server, created lazily from the
 * scenario's `extensions[name]` snapshot and dropped whenever a scenario is loaded or reset.
 */
export class Extensions {
  #live = new Map<string, unknown>();
  #snapshots: Readonly<Record<string, unknown>> = {};
  readonly #listeners = new Set<(name: string, change: unknown) => void>();
  readonly #modules: ReadonlyMap<string, AnyExtensionModule>;

  constructor(
    modules: readonly AnyExtensionModule[],
    private readonly now: () => Date,
  ) {
    this.#modules = new Map(modules.map((module) => [module.name, module]));
  }

  /** Subscribes to changes reported by modules (the write-ahead log). */
  onChange(listener: (name: string, change: unknown) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The live state of `module`, created from its snapshot on first use after a load. */
  get<State>(module: ExtensionModule<State>): State {
    if (this.#live.has(module.name)) return this.#live.get(module.name) as State;
    const raw = this.#snapshots[module.name];
    const snapshot =
      raw === undefined || raw === null ? undefined : module.snapshotSchema.parse(raw);
    const state = module.create(snapshot, { now: this.now(), report: this.#reporter(module) });
    this.#live.set(module.name, state);
    return state;
  }

  /** Every module's state as it is now, sharing immutable parts (O(modules)). */
  fork(): ExtensionsFork {
    const live = new Map<string, unknown>();
    for (const [name, state] of this.#live) {
      const module = this.#modules.get(name);
      if (module !== undefined)
        live.set(name, module.fork(state, { now: this.now(), ...detached }));
    }
    return { snapshots: this.#snapshots, live };
  }

  /** Puts a {@link fork} back (this server's or another's): live states report here. */
  restore(fork: ExtensionsFork): void {
    this.#snapshots = fork.snapshots;
    this.#live = new Map();
    for (const [name, state] of fork.live) {
      const module = this.#modules.get(name);
      if (module === undefined) continue;
      this.#live.set(name, module.fork(state, { now: this.now(), report: this.#reporter(module) }));
    }
  }

  #reporter(module: AnyExtensionModule): (change: unknown) => void {
    return (change) => {
      for (const listener of this.#listeners) listener(module.name, change);
    };
  }

  /** Replays a change reported by module `name`; throws for a module this server lacks. */
  applyChange(name: string, change: unknown): void {
    const module = this.#modules.get(name);
    if (module === undefined) throw new Error(`change of unknown module ${name}`);
    module.applyChange(this.get(module), change);
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
      const module = this.#modules.get(name);
      if (module !== undefined) out[name] = module.exportState(state);
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
}
