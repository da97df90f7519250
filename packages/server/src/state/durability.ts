// The hook the core runs every API request through when state is durable; a leaf module so
// the server context can name it without importing the durable-state wiring (no import cycle).

/** How the server makes what it acknowledges durable. */
export interface Durability {
  /**
   * Runs one API request's operation as a unit of work: everything it changes is logged
   * together, and the promise settles only once that (and all before it) is durable.
   * `access` is the operation's (default `write`): reads go on while writes cannot.
   */
  unit<T>(fn: () => Promise<T>, access?: 'read' | 'write'): Promise<T>;
  /** Settles once everything changed so far is durable. */
  flush(): Promise<void>;
  /**
   * Throws a 503 `state_unavailable` DomainError (with Retry-After) while changes cannot
   * be made durable (the disk refuses writes): a mutation checks it before it changes
   * anything, so it is refused rather than applied in memory only.
   */
  checkWritable(): void;
}
