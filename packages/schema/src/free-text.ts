import { z } from 'zod';
import { UNSAFE_CHARS } from './unsafe-chars';

/**
 * Characters a free-text field refuses: C0 and C1 controls (NUL, tab, newline, ESC, …),
 * bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), and UTF-16
 * surrogates that are not part of a pair. Written without the `u` flag, so the same
 * pattern means the same in the OpenAPI document (ECMA-262 `pattern`) as here: a
 * surrogate is allowed only as the high half followed by the low half of one pair.
 */
export const FREE_TEXT_PATTERN = new RegExp(
  `^(?:[^${UNSAFE_CHARS}\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$`,
);

/**
 * A free-text request field (a rule name, a plan code): printable text only, so stored
 * values cannot carry terminal escapes, NULs or text-direction tricks into logs and UIs.
 */
export const FreeText = z
  .string()
  .regex(
    FREE_TEXT_PATTERN,
    'must not contain control characters, bidi controls or lone surrogates',
  );
