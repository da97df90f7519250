import { UsageError } from '../errors/cli-error';
import { readPath } from './cell';

/** A named column whose value lives at another path (`price` → `account_price.final`). */
interface ColumnAlias {
  readonly id: string;
  readonly path: string;
}

/** How one kind of API object appears in tables and CSV. */
export interface View {
  /** Column ids shown by default, in order. */
  readonly columns: readonly string[];
  /** Every field of the resource, so `--columns` can reject typos before printing. */
  readonly fields: readonly string[];
  readonly aliases?: readonly ColumnAlias[];
  /** The resource allows additional properties; any field present in the data is valid. */
  readonly open?: boolean;
  /**
   * The fields of an item in `-o json` (what `--json` may name), when the table's differ:
   * a table may add columns of refctl's own. Default: {@link fields}.
   */
  readonly json?: readonly string[];
}

/** A column ready to print. */
export interface Column {
  readonly id: string;
  readonly header: string;
  readonly path: string;
}

/** Header text of a column id: `vat_amount` → `VAT_AMOUNT`. */
const headerOf = (id: string) => id.toUpperCase();

/**
 * The columns to print: `--columns` when given (validated against the view and, for open
 * resources, the data), else the view's defaults.
 */
export function resolveColumns(
  view: View,
  requested: readonly string[] | undefined,
  rows: readonly unknown[],
): Column[] {
  const ids = requested && requested.length > 0 ? requested : view.columns;
  return ids.map((given) => {
    // A column as the table heads it (`INVOICE_REF`) is its field (`invoice_ref`).
    const id = findColumn(view, given, rows) ?? findColumn(view, given.toLowerCase(), rows);
    if (id === undefined) {
      const choices = [...(view.aliases ?? []).map((a) => a.id), ...view.fields];
      throw new UsageError(`unknown column "${given}"; available: ${choices.join(', ')}`);
    }
    const path = view.aliases?.find((a) => a.id === id)?.path ?? id;
    return { id, header: headerOf(id), path };
  });
}

/** `id` when the view (or, for an open resource, the data) has that column. */
function findColumn(view: View, id: string, rows: readonly unknown[]): string | undefined {
  const alias = view.aliases?.find((a) => a.id === id);
  const path = alias?.path ?? id;
  const root = path.split('.')[0] ?? path;
  const known =
    alias !== undefined ||
    view.fields.includes(root) ||
    (view.open === true && rows.some((row) => readPath(row, path) !== undefined));
  return known ? id : undefined;
}

/** Parses the `--columns a,b` flag value. */
export function parseColumnList(value: string): string[] {
  return value
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
}
