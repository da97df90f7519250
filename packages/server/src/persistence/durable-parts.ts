import type { Scenario } from '../scenario/schema';
import type { Admin, ControlPlane } from '../state/control-plane';
import type { Durability } from '../state/durability';
import type { ServerContext } from '../state/server-context';

// The hook between the platform-neutral core and durable state (Node's `stateFile`, in
// src/persistence): the core runs every request through it and asks it to load the state.

/** What durable state needs from the core to load and follow the server's state. */
export interface DurableParts {
  readonly ctx: ServerContext;
  readonly control: ControlPlane;
  /** The scenario to start from when there is no saved state yet. */
  readonly scenario: Scenario;
  readonly startOverride: number | undefined;
}

/** Durable state attached to a core. */
export interface DurableState extends Durability {
  /** Loads the saved state (or the scenario, then saves it); the server waits for it. */
  readonly ready: Promise<void>;
  /** The admin API whose changes are logged. */
  readonly admin: Admin;
  /** Waits for pending writes and closes the files. */
  close(): Promise<void>;
}

/** Attaches durable state to a core being built. */
export type AttachDurability = (parts: DurableParts) => DurableState;
