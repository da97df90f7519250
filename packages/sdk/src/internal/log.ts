import { LOG_LEVELS, type Logger, type LogLevel } from '../logger';

const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
]);
// Any header named like a credential (X-Auth-Token, Api-Key, X-Client-Secret …). The
// Idempotency-Key only names a request; support needs to see it.
const SECRET_NAME = /key|token|secret|passw|auth|session|cookie|signature/;
const PUBLIC_HEADERS = new Set(['idempotency-key']);

/** Whether a header (lower-case name) may carry a credential and must not be logged. */
function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name) || (SECRET_NAME.test(name) && !PUBLIC_HEADERS.has(name));
}

/** Headers as a plain object with credentials replaced, safe to log. */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = isSecretHeader(name.toLowerCase()) ? '[redacted]' : value;
  });
  return out;
}

/** A level-filtered view of the user's logger; methods are no-ops below the level. */
export interface LevelLogger {
  readonly level: LogLevel;
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
  debug(message: string, details?: object): void;
  info(message: string, details?: object): void;
  warn(message: string, details?: object): void;
  error(message: string, details?: object): void;
}

/** Wraps `logger` so only messages at `level` or more severe are written. */
export function createLevelLogger(logger: Logger, level: LogLevel): LevelLogger {
  const threshold = LOG_LEVELS.indexOf(level);
  const enabled = (l: Exclude<LogLevel, 'off'>) => LOG_LEVELS.indexOf(l) <= threshold;
  const write =
    (l: Exclude<LogLevel, 'off'>) =>
    (message: string, details?: object): void => {
      if (!enabled(l)) return;
      if (details === undefined) logger[l](`[refapi-sdk] ${message}`);
      else logger[l](`[refapi-sdk] ${message}`, details);
    };
  return {
    level,
    enabled,
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
  };
}

/** Parses a level from configuration text (e.g. `REF_LOG_LEVEL`); undefined when unknown. */
export function parseLogLevel(value: string | undefined): LogLevel | undefined {
  const lower = value?.toLowerCase();
  return LOG_LEVELS.find((l) => l === lower);
}
