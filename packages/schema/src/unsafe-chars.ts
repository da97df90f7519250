// The characters no free text may hold, kept zod-free so the CLI can escape exactly what the
// API refuses: C0 controls, DEL and C1 controls (ESC, CSI: terminal escape sequences) and the
// bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that reorder how a
// line is displayed. The marks U+200E/U+200F stay allowed: they only set the direction of
// neighbouring neutral characters, cannot reverse a run of text, and right-to-left names
// legitimately contain them.

/** The refused characters as the body of a regular-expression class (`[${UNSAFE_CHARS}]`). */
export const UNSAFE_CHARS = '\\u0000-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069';

const UNSAFE_CHAR = new RegExp(`[${UNSAFE_CHARS}]`);
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` follows the free-text rule: no control character, bidi control or lone surrogate. */
export function isFreeText(text: string): boolean {
  return !UNSAFE_CHAR.test(text) && !LONE_SURROGATE.test(text);
}
