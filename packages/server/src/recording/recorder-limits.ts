// The recorder's bounds (reference-server spec, section 9), apart from the proxy so that the
// CLI's usage text can name them without loading it.

/** Exchanges in flight by default: beyond, requests wait, their bodies unread. */
export const DEFAULT_MAX_EXCHANGES = 64;

/** How long a stop gives the exchanges under way before it cuts them (5 s). */
export const STOP_GRACE_MS = 5_000;
