import { formatWithOptions } from 'node:util';
import { escapeControlsInLines } from '@refapi/schema/text';
import type { Logger } from '@refapi/sdk';

/**
 * The SDK's logger for `REF_LOG_LEVEL`: stderr, because stdout carries the MCP protocol
 * over stdio (the SDK's default, `console`, would write into it). The SDK redacts the
 * `Authorization` header itself.
 */
export function stderrLogger(write: (text: string) => void): Logger {
  const line =
    (level: string) =>
    (message: string, ...args: unknown[]) =>
      write(
        // What the SDK logs may quote the API (a property it does not know): shown, not obeyed.
        `refapi-mcp: sdk ${level}: ${escapeControlsInLines(formatWithOptions({ colors: false }, message, ...args))}\n`,
      );
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
}
