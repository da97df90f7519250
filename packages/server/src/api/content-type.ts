/**
 * Whether a Content-Type header names JSON: `application/json`, any case, parameters such
 * as `charset=utf-8` allowed. Other types (`text/plain`, forms, XML, `+json` suffixes) and
 * a missing header are not: a body the client did not declare as JSON is not read as JSON.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const semicolon = header.indexOf(';');
  const essence = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  return essence === 'application/json';
}

/** Whether a request carries a body (anything but whitespace) that must be declared as JSON. */
export const hasBodyText = (body: string | undefined): body is string =>
  body !== undefined && body.trim() !== '';
