import { formatCell, readPath, tableCell } from './cell';
import { csvRecord } from './csv';
import { toJson } from './json';
import type { OutputFormat } from './output-format';
import { selectFields } from './select-fields';
import { colorState, STATE_FIELDS } from './state-colors';
import { renderTable } from './table';
import { type Column, resolveColumns, type View } from './view';

/** Output settings of one invocation (from `-o`, `--columns`, `--no-headers`, the terminal). */
export interface RenderSettings {
  readonly format: OutputFormat;
  readonly columns?: readonly string[] | undefined;
  readonly headers: boolean;
  readonly color: boolean;
  /** Terminal width; absent when stdout is not a terminal (then nothing is truncated). */
  readonly maxWidth?: number | undefined;
  /**
   * `--json a,b` of a list: each item's JSON holds only these fields, in this order (null
   * where an item has none), as gh prints them.
   */
  readonly fields?: readonly string[] | undefined;
}

/**
 * The rows of a one-object table, by label: each label is a dot path into the printed
 * object (`rule.id`, `quote.total_cents`), so `--jq .<label>` finds in `-o json` what the
 * row shows; the value is what the cell shows (money written out, a list summed up).
 */
export type ObjectCells = Readonly<Record<string, unknown>>;

/** What a command prints: its API object for JSON/YAML, and how it looks as a table. */
export type Printable =
  /**
   * One object: a vertical `path  value` table, a row per leaf of `value` unless `cells`
   * says which rows to show and how.
   */
  | {
      readonly kind: 'object';
      readonly value: object;
      readonly view?: View;
      readonly cells?: ObjectCells;
    }
  /** An API object (or array) printed as a table of `rows` (e.g. telemetry items). */
  | {
      readonly kind: 'rows';
      readonly value: unknown;
      readonly rows: readonly object[];
      readonly view: View;
    };

/** Renders a printable value in the chosen format; the result ends with a newline. */
export async function render(printable: Printable, settings: RenderSettings): Promise<string> {
  const value = selectFields(printable.value, settings.fields);
  switch (settings.format) {
    case 'json':
      return `${toJson(value, 2)}\n`;
    case 'ndjson':
      return Array.isArray(value)
        ? value.map((v) => `${toJson(v)}\n`).join('')
        : `${toJson(value)}\n`;
    case 'yaml':
      return toYaml(value);
    case 'csv':
    case 'table':
      return printable.kind === 'rows'
        ? renderRows(
            printable.rows,
            resolveColumns(printable.view, settings.columns, printable.rows),
            settings,
            true,
          )
        : renderObject(printable.value, printable.cells, printable.view, settings);
  }
}

/** YAML through the `yaml` package, loaded only when asked for. */
export async function toYaml(value: unknown): Promise<string> {
  // A static import inside the lazy module: bundlers wrap the CommonJS `yaml` correctly there.
  const { toYamlText } = await import('./yaml');
  return toYamlText(value);
}

/** Table or CSV text of rows under the given columns. */
export function renderRows(
  rows: readonly unknown[],
  columns: readonly Column[],
  settings: RenderSettings,
  withHeader: boolean,
): string {
  const cell = settings.format === 'csv' ? csvField : tableCell;
  const cells = rows.map((row) => columns.map((c) => cell(readPath(row, c.path), c.path)));
  if (settings.format === 'csv') {
    // CSV is for scripts: the header row holds the API's field names (dotted for nested
    // fields), the same names `-o json` and `--columns` use, not the table's labels.
    const names = withHeader && settings.headers ? [columns.map((c) => c.path)] : [];
    return [...names, ...cells].map(csvRecord).join('');
  }
  const headers = withHeader && settings.headers ? columns.map((c) => c.header) : null;
  const rightAligned = new Set(
    columns.flatMap((c, i) => (isNumericColumn(rows, c.path) ? [i] : [])),
  );
  const stateColumns = new Set(
    columns.flatMap((c, i) => (STATE_FIELDS.has(lastSegment(c.path)) ? [i] : [])),
  );
  return renderTable(cells, {
    headers,
    color: settings.color,
    maxWidth: settings.maxWidth,
    rightAligned,
    cellStyle: stateStyle(settings, (_row, column) => stateColumns.has(column)),
  });
}

// CSV is for scripts: an absent value is an empty field, numbers as the API has them.
const csvField = (value: unknown, path: string) => formatCell(value, path, '');

/** Colours the cells `isState` picks by the state they name, when colours are allowed. */
function stateStyle(
  settings: RenderSettings,
  isState: (row: number, column: number) => boolean,
): ((text: string, row: number, column: number) => string) | undefined {
  if (!settings.color) return undefined;
  return (text, row, column) => (isState(row, column) ? colorState(text) : text);
}

function renderObject(
  value: object,
  cells: ObjectCells | undefined,
  view: View | undefined,
  settings: RenderSettings,
): string {
  const shown = cells ?? leafCells(value);
  // `--columns` names paths of the object (as -o json has them), shown or not by default.
  const paths =
    settings.columns && settings.columns.length > 0
      ? resolveColumns(view ?? { columns: [], fields: Object.keys(value) }, settings.columns, [
          value,
        ]).map((c) => c.path)
      : Object.keys(shown);
  const cellAt = (path: string) =>
    Object.hasOwn(shown, path) ? shown[path] : readPath(value, path);
  if (settings.format === 'csv') {
    const names = settings.headers ? [paths] : [];
    return [...names, paths.map((p) => csvField(cellAt(p), p))].map(csvRecord).join('');
  }
  const rows = paths.map((p) => [p, tableCell(cellAt(p), p)]);
  return renderTable(rows, {
    headers: null,
    color: false,
    maxWidth: settings.maxWidth,
    cellStyle: stateStyle(
      settings,
      (row, column) => column === 1 && STATE_FIELDS.has(lastSegment(paths[row]!)),
    ),
  });
}

/**
 * The default rows of a one-object table: every leaf of `value` under its dot path (nested
 * objects flatten to `display.amount`; arrays stay one cell). Commands that show some rows
 * their own way spread it first: `{ ...leafCells(value), 'quote.total_cents': '95.20 EUR' }`.
 */
export function leafCells(value: object): Record<string, unknown> {
  return Object.fromEntries(leafPaths(value).map((path) => [path, readPath(value, path)]));
}

// Nested objects flatten to dotted paths; arrays stay one cell.
function leafPaths(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, v]) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? leafPaths(v, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('.') + 1);

function isNumericColumn(rows: readonly unknown[], path: string): boolean {
  const values = rows.map((r) => readPath(r, path));
  return (
    values.some((v) => typeof v === 'number') &&
    values.every((v) => typeof v === 'number' || v === undefined)
  );
}
