import type { ShieldTelemetryItem } from '@refapi/schema';

/** Columns of the CSV export, in order. */
const CSV_COLUMNS = ['key', 'packets', 'bytes', 'samples'] as const;

const CRLF = '\r\n';
// Spreadsheets evaluate a cell starting with one of these as a formula (CSV injection).
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * One CSV cell: a leading formula trigger gets a `'` prefix so spreadsheets show it as
 * text, then RFC 4180 quoting when the cell holds a quote, comma, CR or LF.
 */
export function csvCell(value: string | number | undefined): string {
  let text = value === undefined ? '' : String(value);
  if (text.length > 0 && FORMULA_TRIGGERS.has(text.charAt(0))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The telemetry items as formula-safe CSV: a header row, then one row per item, CRLF-ended. */
export function telemetryCsv(items: readonly ShieldTelemetryItem[]): string {
  const lines = [
    CSV_COLUMNS.join(','),
    ...items.map((item) =>
      [item.key, item.packets, item.bytes, item.samples].map(csvCell).join(','),
    ),
  ];
  return lines.map((line) => line + CRLF).join('');
}
