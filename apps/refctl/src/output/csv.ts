const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV record (RFC 4180, CRLF). Text cells that a spreadsheet would run as a formula
 * get a leading `'`, the same rule as the server's own CSV export; numbers stay numbers.
 */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(cell: string): string {
  const safe = FORMULA_START.test(cell) && !NUMBER.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
