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
  interrupted: 130,
} as const;

/** One of the exit codes above. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
