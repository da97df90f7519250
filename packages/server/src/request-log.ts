import type { RequestEntry } from './state/server-context';

/** Request log formats of `ref-server --log`. */
export type LogFormat = 'pretty' | 'json' | 'silent';

// An API key (`refak_…`, account API spec) or the admin token (`refadm_…`) pasted into a
// URL's path by mistake (`/v1/refak_…`): the log goes to terminals and CI logs, which must
// never hold one. The path is logged as sent, so `_` may be percent-encoded.
const TOKEN_IN_PATH = /\b(refak|refadm)(?:_|%5f)[^/?#]*/gi;

/** `path` with every API key and admin token in it replaced by `refak_[redacted]`. */
const redactTokens = (path: string): string => path.replace(TOKEN_IN_PATH, '$1_[redacted]');

/**
 * A request logger writing one line per request: request id, method, path, status,
 * account and timing only; never a header, body, token, key or query string.
 */
export function createRequestLogger(
  format: LogFormat,
  write: (line: string) => void,
): ((entry: RequestEntry) => void) | undefined {
  if (format === 'silent') return undefined;
  if (format === 'json')
    return (entry) =>
      write(
        JSON.stringify({
          level: 'info',
          msg: 'request',
          request_id: entry.id,
          method: entry.method,
          path: redactTokens(entry.path),
          status: entry.status,
          account_ref: entry.account_ref,
          time: entry.time,
          duration_ms: entry.duration_ms,
        }),
      );
  return (entry) =>
    write(
      `${entry.time} ${entry.method.padEnd(6)} ${redactTokens(entry.path)} ${entry.status} ${entry.duration_ms}ms${
        entry.account_ref === null ? '' : ` ${entry.account_ref}`
      }`,
    );
}
