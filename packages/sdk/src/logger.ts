/** Where the SDK writes its log lines; `console` fits. */
export interface Logger {
  debug(message: string, ...args: unknown[]): void;
  info(message: string, ...args: unknown[]): void;
  warn(message: string, ...args: unknown[]): void;
  error(message: string, ...args: unknown[]): void;
}

/** How much the SDK logs; `off` (the default) logs nothing. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** The accepted log levels, quietest first. */
export const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];
