import { type ShieldTelemetryItem, csvCell as textCell } from '@refapi/schema';

/** Columns of the CSV export, in order. */
const CSV_COLUMNS = ['key', 'packets', 'bytes', 'samples'] as const;

const CRLF = '\r\n';

/** One CSV cell: the formula-safe RFC 4180 rule of @refapi/schema, shared with refctl. */
export function csvCell(value: string | number | undefined): string {
  return value === undefined ? '' : textCell(String(value));
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
