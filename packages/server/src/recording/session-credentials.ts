import { isCredentialName, REDACTED } from '@refapi/schema';
import { CredentialMatcher } from './credential-pattern';

// The journal's rule redacts headers and query parameters by name. A credential also travels
// under other names: an API key in `X-Custom: Bearer refak_…`, echoed in a `Location` or a
// body, passed as `?sig=`. So every value that appeared as a credential in the session is
// replaced wherever else it appears, by value, in any of the encodings it travels in
// (credential-pattern.ts).
//
// A recording is append-only: a value is redacted from the exchange it is learned in (the
// request's and the answer's headers are learned before that exchange is written) and from
// every one written after. An exchange already written before a value first appeared keeps
// it: an upstream that echoes in one answer a session cookie it only hands out later.

/** Values shorter than this are not taken as credentials: they would match ordinary text. */
const MIN_CREDENTIAL_CHARS = 8;
/** Credential values a session keeps (a client rotating keys adds one each). */
const MAX_CREDENTIALS = 256;

/** The credential values one recording session has seen, and their redaction. */
export class SessionCredentials {
  /** Longest first, so a value that holds another is replaced whole. */
  #values: string[] = [];
  /** The values' matchers, as text and as bytes, built on first use after a change. */
  #text: CredentialMatcher | undefined;
  #bytes: CredentialMatcher | undefined;

  /** Learns the credentials of a request: credential headers, cookies and query values. */
  learn(headers: Iterable<readonly [string, string]>, query: string): void {
    this.#learnHeaders(headers);
    for (const [name, value] of new URLSearchParams(query)) {
      if (isCredentialName(name)) this.#add(value);
    }
  }

  /**
   * Learns the credentials of an answer, before its body is written: credential headers
   * (`X-Auth-Token`) and the value of each `Set-Cookie` (not its attributes).
   */
  learnAnswer(headers: Iterable<readonly [string, string]>): void {
    this.#learnHeaders(headers);
  }

  #learnHeaders(headers: Iterable<readonly [string, string]>): void {
    for (const [name, value] of headers) {
      const lower = name.toLowerCase();
      // Redacted by name, but no secret: the exchange keeps it, and it may recur in bodies.
      if (!isCredentialName(lower) || lower === 'idempotency-key') continue;
      if (lower === 'set-cookie') {
        // `sid=…; Path=/; Expires=Wed, 21 Oct 2037 …`: the attributes are no secret.
        this.#addCookie(value.split(';')[0] ?? '');
        continue;
      }
      this.#add(value);
      // `Bearer <token>`, `Basic <b64>`: the token alone, wherever it is echoed.
      const scheme = /^\S+\s+(\S+)$/.exec(value.trim());
      if (scheme?.[1] !== undefined) this.#add(scheme[1]);
      if (lower === 'cookie') for (const pair of value.split(';')) this.#addCookie(pair);
    }
  }

  #addCookie(pair: string): void {
    this.#add(pair.slice(pair.indexOf('=') + 1).trim());
  }

  #add(value: string): void {
    if (value.length < MIN_CREDENTIAL_CHARS || value === REDACTED) return;
    if (this.#values.includes(value)) return;
    if (this.#values.length >= MAX_CREDENTIALS) this.#values.pop();
    this.#values = [...this.#values, value].sort((a, b) => b.length - a.length);
    this.#text = undefined;
    this.#bytes = undefined;
  }

  #matcher(search: 'text' | 'bytes'): CredentialMatcher | undefined {
    if (this.#values.length === 0) return undefined;
    if (search === 'text') {
      this.#text ??= new CredentialMatcher(this.#values, search);
      return this.#text;
    }
    this.#bytes ??= new CredentialMatcher(this.#values, search);
    return this.#bytes;
  }

  /** `text` with every credential value, in any encoding it travels in, replaced. */
  redact(text: string): string {
    return this.#matcher('text')?.replace(text, REDACTED) ?? text;
  }

  /** Whether `text` holds a credential value, in any encoding. */
  holds(text: string): boolean {
    return this.#matcher('text')?.test(text) ?? false;
  }

  /** `bytes` with the UTF-8 bytes of every credential value (in any encoding) replaced. */
  redactBytes(bytes: Buffer): Buffer {
    const matcher = this.#matcher('bytes');
    if (matcher === undefined) return bytes;
    return Buffer.from(matcher.replace(bytes.toString('latin1'), REDACTED), 'latin1');
  }

  /** Whether `bytes` hold the UTF-8 bytes of a credential value, in any encoding. */
  holdsBytes(bytes: Buffer): boolean {
    return this.#matcher('bytes')?.test(bytes.toString('latin1')) ?? false;
  }
}
