import { EXIT } from './exit-codes';

/**
 * What each exit code means, in Markdown: the one source of `refctl help exit-codes` and of
 * the README's table (a test holds the README to it). Keyed like {@link EXIT}, so a new code
 * cannot go undescribed.
 */
export const EXIT_CODE_MEANINGS: Readonly<Record<keyof typeof EXIT, string>> = {
  ok: 'success',
  error: 'API or other error (400, 422, 5xx, no response, a `--wait` that ended `failed`)',
  usage:
    'usage error: unknown flag, invalid value, a required flag missing or confirmation needed without a terminal (or with `--no-input`)',
  notFound: 'not found (404, or a plan that is not for sale)',
  auth: 'authentication or permission (401, 403, no API key or admin token)',
  rateLimited: 'rate limited (429; a `Retry-After` up to 10 s is waited out first)',
  conflict: "conflict (409: lifecycle state, idempotency key reused, the server's space limit)",
  waitTimeout: '`--wait` timed out (the change goes on server-side)',
  cancelled: 'cancelled at a prompt (answered no, Esc): nothing was done; not an error',
  planPriceChanged:
    '`refctl apply`: plan refused, the price changed (the catalog prices the order differently now); both prices named, nothing sent',
  planTampered:
    '`refctl apply`: plan refused, tampered (edited after it was made: its digest or path does not match); nothing sent',
  planExpired: '`refctl apply`: plan refused, expired; nothing sent',
  planOtherAccount:
    "`refctl apply`: plan refused, made for another account than the API key's; nothing sent",
  planOtherBaseUrl: '`refctl apply`: plan refused, made for another base URL; nothing sent',
  interrupted:
    'interrupted (Ctrl-C), at a prompt too; a `--wait` interrupted names what goes on server-side',
  terminated:
    'terminated (SIGTERM), as 130 otherwise: 128 + the signal number, as shells report it',
};

/** The exit codes and their meanings, in ascending order of code. */
export const exitCodeRows = (): [code: number, meaning: string][] =>
  Object.entries(EXIT_CODE_MEANINGS)
    .map(([name, meaning]): [number, string] => [EXIT[name as keyof typeof EXIT], meaning])
    .sort(([a], [b]) => a - b);

/** `refctl help exit-codes`: the table as text for a terminal. */
export function exitCodesHelp(): string {
  const rows = exitCodeRows().map(([code, meaning]) => `  ${String(code).padEnd(5)}${meaning}`);
  return `Exit codes of refctl (scripts can branch on them):\n\n${rows.join('\n')}\n`;
}
