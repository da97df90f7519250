// Sizes of JSON text in UTF-8 bytes, counted without building the text: a journal listing
// must know what fits in its budget before it allocates anything that big.

/** UTF-8 bytes of `text` (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (isHigh(code) && isLow(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The longest prefix of `text` whose JSON string literal (quotes included, as
 * `JSON.stringify` writes it) takes at most `maxBytes` UTF-8 bytes: its length in UTF-16
 * units (never splitting a surrogate pair) and that literal's size.
 */
export function fitJsonString(text: string, maxBytes: number): { length: number; bytes: number } {
  let bytes = 2;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    let units = 1;
    let cost: number;
    if (code < 0x20) cost = SHORT_ESCAPES.has(code) ? 2 : 6;
    else if (code === 0x22 || code === 0x5c) cost = 2;
    else if (code < 0x80) cost = 1;
    else if (code < 0x800) cost = 2;
    else if (isHigh(code) && isLow(text.charCodeAt(i + 1))) {
      cost = 4;
      units = 2;
    } else if (isHigh(code) || isLow(code))
      cost = 6; // a lone surrogate is written \udxxx
    else cost = 3;
    if (bytes + cost > maxBytes) break;
    bytes += cost;
    i += units;
  }
  return { length: i, bytes };
}

// \b \t \n \f \r; other control characters are written \u00xx.
const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);
const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
