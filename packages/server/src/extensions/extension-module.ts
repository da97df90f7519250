import type { z } from 'zod';

/** What a module gets when its state is created. */
interface ExtensionEnv {
  /** Server time of the first use after a scenario load or reset. */
  readonly now: Date;
  /** Reports a change as plain JSON, O(change): the write-ahead log keeps it for replay. */
  report(change: unknown): void;
}

/**
 * An optional server module with state of its own (e.g. Shield), registered once in
 * `registry.ts`. Its snapshot is the scenario document's `extensions[name]`: scenario
 * validation checks it with `snapshotSchema`, the live state is created from it on first
 * use after every load or reset, exported back into `GET /__admin/state`, and the changes
 * it reports are replayed by name when the state file is loaded.
 */
export interface ExtensionModule<
  State,
  Schema extends z.ZodType = z.ZodType,
  Name extends string = string,
> {
  readonly name: Name;
  readonly snapshotSchema: Schema;
  /** The live state from a validated snapshot, or fresh when there is none. */
  create(snapshot: z.output<Schema> | undefined, env: ExtensionEnv): State;
  /** Replays a change the state reported through `env.report`. */
  applyChange(state: State, change: unknown): void;
  /** The snapshot of the live state (round-trips through `create`). */
  exportState(state: State): z.output<Schema>;
  /**
   * A live state equal to `state` that reports to `env`, sharing what neither side changes
   * in place (O(1) for immutable states): snapshots and spaces fork with it.
   */
  fork(state: State, env: ExtensionEnv): State;
}

/** Any registered module, whatever its state and snapshot types. */
export type AnyExtensionModule = ExtensionModule<unknown>;
