import type { RequestEntry } from './state/server-context';

/** Request log formats of `ref-server --log`. */
export type LogFormat = 'pretty' | 'json' | 'silent';

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
          path: entry.path,
          status: entry.status,
          account_ref: entry.account_ref,
          time: entry.time,
          duration_ms: entry.duration_ms,
        }),
      );
  return (entry) =>
    write(
      `${entry.time} ${entry.method.padEnd(6)} ${entry.path} ${entry.status} ${entry.duration_ms}ms${
        entry.account_ref === null ? '' : ` ${entry.account_ref}`
      }`,
    );
}
