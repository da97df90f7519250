import { isCredentialName } from '@refapi/schema';

// The journal's rule redacts headers and query parameters by name. A credential also travels
// under other names: an API key in `X-Custom: Bearer refak_…`, echoed in a `Location` or a
// body, passed as `?sig=`. So every value that appeared as a credential in the session is
// replaced wherever else it appears, by value.

/** Values shorter than this are not taken as credentials: they would match ordinary text. */
const MIN_CREDENTIAL_CHARS = 8;
/** Credential values a session keeps (a client rotating keys adds one each). */
const MAX_CREDENTIALS = 256;

/** What stands for a credential in a recording. */
const REDACTED = '[redacted]';

/** The credential values one recording session has seen, and their redaction. */
export class SessionCredentials {
  /** Longest first, so a value that holds another is replaced whole. */
  #values: string[] = [];

  /** Learns the credentials of a request: credential headers, cookies and query values. */
  learn(headers: Iterable<readonly [string, string]>, query: string): void {
    for (const [name, value] of headers) {
      const lower = name.toLowerCase();
      if (!isCredentialName(lower)) continue;
      this.#add(value);
      // `Bearer <token>`, `Basic <b64>`: the token alone, wherever it is echoed.
      const scheme = /^\S+\s+(\S+)$/.exec(value.trim());
      if (scheme?.[1] !== undefined) this.#add(scheme[1]);
      if (lower === 'cookie') {
        for (const pair of value.split(';')) this.#add(pair.slice(pair.indexOf('=') + 1).trim());
      }
    }
    for (const [name, value] of new URLSearchParams(query)) {
      if (isCredentialName(name)) this.#add(value);
    }
  }

  #add(value: string): void {
    if (value.length < MIN_CREDENTIAL_CHARS || value === REDACTED) return;
    if (this.#values.includes(value)) return;
    if (this.#values.length >= MAX_CREDENTIALS) this.#values.pop();
    this.#values = [...this.#values, value].sort((a, b) => b.length - a.length);
  }

  /** `text` with every credential value (as is, and percent-encoded) replaced. */
  redact(text: string): string {
    let out = text;
    for (const value of this.#values) {
      if (out.includes(value)) out = out.split(value).join(REDACTED);
      const encoded = encodeURIComponent(value);
      if (encoded !== value && out.includes(encoded)) out = out.split(encoded).join(REDACTED);
    }
    return out;
  }

  /** Whether `text` holds a credential value. */
  holds(text: string): boolean {
    return this.#values.some((value) => text.includes(value));
  }
}
