import { bold } from './colors';
import { escapeControls } from './control-chars';
import { textWidth, truncate } from './text-width';

/** How a table is laid out. */
export interface TableOptions {
  /** Header cells, or null for `--no-headers`. */
  readonly headers: readonly string[] | null;
  /** Bold headers (only when colors are allowed). */
  readonly color: boolean;
  /** Terminal width to fit by truncating the widest columns; absent means never truncate. */
  readonly maxWidth?: number | undefined;
  /** Columns aligned right (numbers). */
  readonly rightAligned?: ReadonlySet<number>;
  /**
   * Styles one body cell (`row` counts body rows from 0) after it is laid out, e.g. a state
   * in colour; only when colours are allowed. Escape codes add no width.
   */
  readonly cellStyle?: ((text: string, row: number, column: number) => string) | undefined;
}

const GAP = '  ';
const MIN_COLUMN = 6;

/** Renders rows as space-aligned columns, one line per row, no trailing spaces. */
export function renderTable(rows: readonly (readonly string[])[], options: TableOptions): string {
  // Every cell may hold server text: a terminal must show its control characters, not obey them.
  const all = (options.headers ? [options.headers, ...rows] : rows).map((row) =>
    row.map(escapeControls),
  );
  if (all.length === 0) return '';
  const count = Math.max(...all.map((r) => r.length));
  const widths = Array.from({ length: count }, (_, i) =>
    Math.max(0, ...all.map((r) => textWidth(r[i] ?? ''))),
  );
  if (options.maxWidth !== undefined) fitWidths(widths, options.maxWidth);

  const bodyStart = options.headers ? 1 : 0;
  const lines = all.map((row, index) => {
    const cells = widths.map((width, i) => {
      const text = truncate(row[i] ?? '', width);
      const pad = ' '.repeat(width - textWidth(text));
      const shown =
        options.cellStyle && index >= bodyStart
          ? options.cellStyle(text, index - bodyStart, i)
          : text;
      return options.rightAligned?.has(i) ? pad + shown : shown + pad;
    });
    const line = cells.join(GAP).trimEnd();
    return index === 0 && options.headers && options.color ? bold(line) : line;
  });
  return `${lines.join('\n')}\n`;
}

// Shrinks the widest column one cell at a time until the row fits (or nothing can shrink).
function fitWidths(widths: number[], maxWidth: number): void {
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP.length * (widths.length - 1);
  while (total() > maxWidth) {
    let widest = 0;
    for (let i = 1; i < widths.length; i++) if (widths[i]! > widths[widest]!) widest = i;
    if (widths[widest]! <= MIN_COLUMN) return;
    widths[widest]!--;
  }
}
