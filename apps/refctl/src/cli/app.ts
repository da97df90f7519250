import type { Io } from '../io/io';
import type { RunState } from './run-state';

/** What the command definitions share: the process boundary and this run's state. */
export interface App {
  readonly io: Io;
  readonly state: RunState;
  /** Aborted on Ctrl-C. */
  readonly signal: AbortSignal;
}
