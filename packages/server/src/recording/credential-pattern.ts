// A credential is echoed in whatever encoding its echo needs: as is in a body, percent-encoded
// in a `Location` (`%2F` or `%2f`), form-encoded in a query (`+` for a space), JSON-escaped
// (`\/`, `\u002b`). One pattern finds a value in any mix of them, character by character.
// Letters and digits are matched as is only: no encoder escapes them, and the longest run of
// them lets a text without any credential skip the pattern (an `includes`, not a regex scan).

/** How the searched string holds the characters: as text, or as bytes (latin1, one a byte). */
export type CredentialSearch = 'text' | 'bytes';

const hex = (n: number, digits: number): string =>
  [...n.toString(16).padStart(digits, '0')]
    .map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d))
    .join('');

/** The ways one character (a code point) of a credential may be written. */
function characterForms(char: string, search: CredentialSearch): string {
  const utf8 = [...Buffer.from(char, 'utf8')];
  const units = Array.from({ length: char.length }, (_, i) => char.charCodeAt(i));
  const literal =
    search === 'text'
      ? units.map((code) => `\\u${code.toString(16).padStart(4, '0')}`).join('')
      : utf8.map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
  if (/^[A-Za-z0-9]$/.test(char)) return literal;
  const forms = [
    literal,
    utf8.map((b) => `%${hex(b, 2)}`).join(''),
    units.map((code) => `\\\\u${hex(code, 4)}`).join(''),
  ];
  if (char === ' ') forms.push('\\+');
  if (char === '/') forms.push('\\\\/');
  return `(?:${forms.join('|')})`;
}

/** A credential's longest run of letters and digits: any form of it holds that run as is. */
const anchorOf = (value: string): string =>
  (value.match(/[A-Za-z0-9]+/g) ?? ['']).reduce((a, b) => (b.length > a.length ? b : a), '');

/** Finds and replaces credential values, longest first, in any of their encodings. */
export class CredentialMatcher {
  /** Longest first: at one place, a value that holds another is matched whole. */
  readonly #alternatives: string[];
  readonly #anchors: string[];

  constructor(values: readonly string[], search: CredentialSearch) {
    const sorted = [...values].sort((a, b) => b.length - a.length);
    this.#alternatives = sorted.map((value) =>
      [...value].map((char) => characterForms(char, search)).join(''),
    );
    this.#anchors = sorted.map(anchorOf);
  }

  /**
   * The pattern of the values `text` may hold (its anchor is in it), or undefined when it
   * holds none: a scan for each of many values costs seconds on a 1 MiB body.
   */
  #patternFor(text: string): RegExp | undefined {
    const maybe = this.#alternatives.filter((_, i) => text.includes(this.#anchors[i] ?? ''));
    return maybe.length === 0 ? undefined : new RegExp(maybe.join('|'), 'g');
  }

  /** `text` with every value, in any form, replaced by `by`. */
  replace(text: string, by: string): string {
    const pattern = this.#patternFor(text);
    return pattern === undefined ? text : text.replace(pattern, by);
  }

  /** Whether `text` holds a value in any form. */
  test(text: string): boolean {
    return this.#patternFor(text)?.test(text) ?? false;
  }
}
