import { maskUrlCredentials, REDACTED } from '@refapi/schema/client';

// The upstream of `ref-server record`, read the same way by the CLI (before the proxy is
// loaded) and by the proxy itself. What a refusal shows of the text never holds a user name
// or password (`//user:pw@`): they would reach the terminal or a CI log.

/**
 * The upstream as a base URL (`https://api.example/v1`), or why it is not one, in the one
 * line the CLI prints (credentials in the text never shown): not a URL, not http or https,
 * with a user name or password, a query or a fragment. A base URL takes none of these: each
 * request's path and query are appended to the base's path, so a query or fragment of the base
 * would be dropped without a word, and so would credentials (the recorder sends each request's
 * own Authorization, never the URL's).
 */
export function parseUpstream(text: string): URL | { readonly refused: string } {
  const refused = (why: string) => ({
    refused: `--upstream ${why}, got "${maskUrlCredentials(text, REDACTED)}"`,
  });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused('must be a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refused('must be an http or https URL');
  }
  if (url.username !== '' || url.password !== '') {
    return refused('takes no user name or password');
  }
  // The text, not `url.search`: a bare `?` or `#` parses to an empty one, dropped as silently.
  const query = text.indexOf('?');
  const fragment = text.indexOf('#');
  if (query !== -1 && (fragment === -1 || query < fragment)) {
    return refused('is a base URL and takes no query');
  }
  if (fragment !== -1) {
    return refused('is a base URL and takes no fragment');
  }
  return url;
}
