import type { ApiRequest } from './api-request';

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

/**
 * The content codings a `Content-Encoding` value names, in the order they were applied,
 * `identity` aside (`GZIP, identity` is `['gzip']`). Read by the API and admin API, which
 * take no encoded body, and by the recorder, which undoes the codings of what it records.
 */
export const codingsOf = (contentEncoding: string | undefined): string[] =>
  (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');

/**
 * Why the headers of a request that carries a body say it cannot be read as JSON, or
 * undefined: a body sent with a content coding (gzip, br, deflate, anything but `identity`)
 * is 400 `invalid_header: Content-Encoding`, never decompressed and never read as if it were
 * plain JSON; a body not declared `application/json` is 400 `invalid_content_type`. The API
 * and the admin API ask it alike, over node:http and msw.
 */
export function bodyHeaderRefusal(
  request: Pick<ApiRequest, 'header'>,
): 'invalid_header: Content-Encoding' | 'invalid_content_type' | undefined {
  if (codingsOf(request.header('content-encoding')).length > 0) {
    return 'invalid_header: Content-Encoding';
  }
  if (!isJsonContentType(request.header('content-type'))) return 'invalid_content_type';
  return undefined;
}
