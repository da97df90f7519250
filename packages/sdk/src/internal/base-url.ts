/**
 * A base URL as the client keeps it, and compares others with it: its text without trailing
 * slashes and without a `?` or `#` that has nothing after it (`…/v1?` is no query, yet stays
 * in the URL's text, where every call's path would land after it). A query or fragment with
 * something in it stays: such a URL is another one (the client refuses it as its own).
 */
export function baseUrlText(url: URL): string {
  if (url.search === '') url.search = '';
  if (url.hash === '') url.hash = '';
  return url.toString().replace(/\/+$/, '');
}
