// `@refapi/schema/text`: the contract's text rules as plain functions, without zod: which
// characters free text refuses, how a terminal is shown them instead of obeying them, how a
// message shows a server's text (escaped, bounded), the formula-safe CSV cell the server's
// export writes, a value as one word of a shell command a user will paste, and a VAT rate
// as the percent a quote writes (`19 %`).

export { csvCell } from '../csv-cell';
export { shellQuote, shellWord } from '../shell-quote';
export { shownText } from '../shown-text';
export { escapeControls, escapeControlsInLines, hasControls } from '../terminal-text';
export { isFreeText, UNSAFE_CHARS } from '../unsafe-chars';
export { vatPercent } from '../vat-percent';
