import { useState } from 'react';

/** Rows shown at first, and added by each "Show more". */
const PAGE_ROWS = 10;

/** One row: a stable key and its cells, in the order of the head. */
export interface TableRow {
  readonly key: string;
  readonly cells: readonly (string | number)[];
}

/**
 * A titled table that grows with the page instead of scrolling inside it: the first
 * {@link PAGE_ROWS} rows, then "Show more" and "Show all". On narrow screens each row
 * stacks its cells under their column names (CSS, `data-label`).
 */
export function PagedTable({
  title,
  head,
  rows,
}: {
  title: string;
  head: readonly string[];
  rows: readonly TableRow[];
}) {
  const [shown, setShown] = useState(PAGE_ROWS);
  const visible = rows.slice(0, shown);
  const id = `table-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="card table-card" aria-labelledby={id}>
      <h3 id={id}>
        {title} ({rows.length}), newest first
      </h3>
      {rows.length === 0 ? (
        <p className="muted">none</p>
      ) : (
        <>
          <table className="stack-narrow">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {visible.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                    <td key={i} data-label={head[i]}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > shown && (
            <div className="button-row table-more">
              <span className="muted">
                {visible.length} of {rows.length}
              </span>
              <button type="button" onClick={() => setShown(shown + PAGE_ROWS)}>
                Show {Math.min(PAGE_ROWS, rows.length - shown)} more
              </button>
              <button type="button" className="secondary" onClick={() => setShown(rows.length)}>
                Show all {rows.length}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
