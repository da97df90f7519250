import { csvCell } from '@refapi/schema/text';
import { escapeControlsInLines } from './control-chars';

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV record (RFC 4180, CRLF). Text cells follow the server's own CSV rule (formula-like
 * text gets a leading `'`, one rule in @refapi/schema) after their control characters are
 * shown as in a table; numbers, negative ones included, stay numbers.
 */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(cell).join(',')}\r\n`;
}

function cell(text: string): string {
  return NUMBER.test(text) ? text : csvCell(escapeControlsInLines(text));
}
