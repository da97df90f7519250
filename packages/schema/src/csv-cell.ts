// CSV cells that spreadsheets show as text, for every CSV this project writes (the server's
// Shield export, refctl's `-o csv`). A cell a spreadsheet would run as a formula (CSV
// injection, OWASP) gets a leading `'`.

// Excel and LibreOffice start a formula at `=`, `+`, `-` or `@` even after leading spaces,
// and read the full-width forms `＝ ＋ － ＠` (typed by CJK input methods) as the same; a
// leading tab or carriage return is a trigger of its own.
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
// RFC 4180: a cell holding one of these is quoted, its quotes doubled.
const NEEDS_QUOTES = /[",\r\n]/;

/** Whether a spreadsheet would run `text` as a formula. */
function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * One RFC 4180 cell: formula-like text prefixed by `'`, then quoted when it holds a quote,
 * comma, CR or LF.
 * @example csvCell(' =1+1') // "' =1+1"
 */
export function csvCell(text: string): string {
  const safe = isFormulaLike(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
