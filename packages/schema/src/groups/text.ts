// `@refapi/schema/text`: the contract's text rules as plain functions, without zod: which
// characters free text refuses, and the formula-safe CSV cell the server's export writes.

export { csvCell } from '../csv-cell';
export { isFreeText, UNSAFE_CHARS } from '../unsafe-chars';
