/** Process exit codes of refctl; scripts can branch on them. */
export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  rateLimited: 5,
  conflict: 6,
  waitTimeout: 7,
  /** Declined at a prompt (answered no, Esc): nothing was done; not an error. */
  cancelled: 8,
  /** `refctl apply`: the catalog prices the planned order differently now; nothing was sent. */
  planPriceChanged: 9,
  /** `refctl apply`: the plan was edited after it was made (digest or path); nothing was sent. */
  planTampered: 10,
  /** `refctl apply`: the plan has expired; nothing was sent. */
  planExpired: 11,
  /** `refctl apply`: the API key is of another account than the plan's; nothing was sent. */
  planOtherAccount: 12,
  /** `refctl apply`: the base URL is not the plan's; nothing was sent. */
  planOtherBaseUrl: 13,
  /** Ctrl-C (SIGINT): 128 + 2. */
  interrupted: 130,
  /** SIGTERM (`kill`, a CI runner or service manager stopping refctl): 128 + 15. */
  terminated: 143,
} as const;

/** One of the exit codes above. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
