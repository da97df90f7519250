// The upstream of `ref-server record`, read the same way by the CLI (before the proxy is
// loaded) and by the proxy itself.

/**
 * The upstream as a base URL (`https://api.example/v1`), or why it is not one, in the one
 * line the CLI prints: not a URL, not http or https, or with a query or a fragment. A base
 * URL takes neither: each request's path and query are appended to the base's path, so a
 * query or fragment of the base would be dropped without a word.
 */
export function parseUpstream(text: string): URL | { readonly refused: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refused: `--upstream must be a URL, got "${text}"` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { refused: `--upstream must be an http or https URL, got "${text}"` };
  }
  // The text, not `url.search`: a bare `?` or `#` parses to an empty one, dropped as silently.
  const query = text.indexOf('?');
  const fragment = text.indexOf('#');
  if (query !== -1 && (fragment === -1 || query < fragment)) {
    return { refused: `--upstream is a base URL and takes no query, got "${text}"` };
  }
  if (fragment !== -1) {
    return { refused: `--upstream is a base URL and takes no fragment, got "${text}"` };
  }
  return url;
}
