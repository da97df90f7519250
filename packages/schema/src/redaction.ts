// Which headers and query parameters carry credentials: one rule for the reference server's
// request journal, the SDK's log and refctl's `--debug`, so what one hides none shows.

/** What a credential reads as once redacted. */
export const REDACTED = '[redacted]';

// The reference server's spec names `authorization`, `proxy-authorization`, `cookie`,
// `cookie2`, `set-cookie` and any name containing key, token, secret, password, auth or
// session: each contains one of these words. `passw` also catches `passwd`; `signature`
// catches request signatures (`x-amz-signature`), which replay a request as well as a key.
// The rule has no exception: `Idempotency-Key` is redacted too, as the spec's rule reads.
// Where a retry must be matched to its original, the key is kept in a field of its own
// (the journal entry's `idempotency_key`, a recorded exchange's).
const CREDENTIAL_WORDS = /key|token|secret|passw|auth|session|cookie|signature/;

/** Whether a header or query parameter of this name (any case) may carry a credential. */
export function isCredentialName(name: string): boolean {
  return CREDENTIAL_WORDS.test(name.toLowerCase());
}

/**
 * Headers with lower-case names, each credential replaced by {@link REDACTED} (once, however
 * often it came); a header that came more than once keeps every value, joined with `, ` as
 * fetch's `Headers.get` joins them.
 */
export function redactHeaders(
  headers: Iterable<readonly [string, string]>,
): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    const before = Object.hasOwn(safe, lower) ? safe[lower] : undefined;
    safe[lower] = isCredentialName(lower)
      ? REDACTED
      : before === undefined
        ? value
        : `${before}, ${value}`;
  }
  return safe;
}

// Percent-encoded, so the query stays a valid one: `[` and `]` may not appear raw, and curl
// reads them as a glob. Parsed (URLSearchParams, a server), the value is {@link REDACTED}.
const QUERY_REDACTED = encodeURIComponent(REDACTED);

/**
 * A raw query string (without `?`) with the value of every credential parameter replaced
 * by {@link REDACTED}, percent-encoded; everything else is kept byte for byte.
 * @example redactQuery('limit=2&api_key=abc') // 'limit=2&api_key=%5Bredacted%5D'
 */
export function redactQuery(query: string): string {
  if (!query.includes('=')) return query;
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      return isCredentialName(decodeName(name)) ? `${name}=${QUERY_REDACTED}` : pair;
    })
    .join('&');
}

// A name as a server reads it, so `api%5Fkey` or `x+token` cannot slip past the rule.
function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

// The query of an absolute URL (`scheme://…?…`) anywhere in a text, up to a space or `#`.
const URL_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*\?)([^\s#]*)/gi;

/** `text` with the credential query parameters of every absolute URL in it redacted. */
export function redactUrlQueries(text: string): string {
  return text.includes('?')
    ? text.replace(URL_QUERY, (_, head: string, query: string) => head + redactQuery(query))
    : text;
}

// `scheme://user:password@` (or `//user:password@`) of a URL anywhere in a text. The user
// information ends at the last `@` before the host (a password may hold an unencoded `@`), so
// it runs up to the last `@` before a `/`, `?`, `#` or space.
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:)?\/\/[^/?#\s]*@/gi;

/**
 * `text` with the user name and password of every URL in it replaced by `mask` (`***` by
 * default): what refctl's messages and `ref-server record`'s refusals show of a URL.
 */
export function maskUrlCredentials(text: string, mask = '***'): string {
  // Most texts hold no `@`: they skip the pattern (refctl checks its base URL on every start).
  return text.includes('@')
    ? text.replace(URL_USERINFO, (_, scheme: string | undefined) => `${scheme ?? ''}//${mask}@`)
    : text;
}
