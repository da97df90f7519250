import { redactUrlQueries } from '@refapi/schema/client';
import { LOG_LEVELS, type Logger, type LogLevel } from '../logger';

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
      // Messages quote request URLs: a credential in their query (`?api_key=`) is hidden too.
      const line = `[refapi-sdk] ${redactUrlQueries(message)}`;
      if (details === undefined) logger[l](line);
      else logger[l](line, details);
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
