// Building a segmenter loads ICU's break-iterator data (several ms): only for text that
// needs it, which JSON output and ASCII-only tables never do.
let segmenter: Intl.Segmenter | undefined;
function graphemes(text: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter();
  return segmenter.segment(text);
}
// Printable ASCII: one cell per character, no segmentation needed.
const ASCII = /^[\x20-\x7e]*$/;
// East Asian wide and emoji ranges take two terminal cells.
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;

/** Terminal cells a plain (uncolored) string occupies. */
export function textWidth(text: string): number {
  if (ASCII.test(text)) return text.length;
  let width = 0;
  for (const { segment } of graphemes(text)) width += WIDE.test(segment) ? 2 : 1;
  return width;
}

/** Cuts `text` to at most `max` cells, ending in `…` when cut. */
export function truncate(text: string, max: number): string {
  if (textWidth(text) <= max) return text;
  if (ASCII.test(text)) return `${text.slice(0, Math.max(0, max - 1))}…`;
  let out = '';
  let width = 0;
  for (const { segment } of graphemes(text)) {
    const w = WIDE.test(segment) ? 2 : 1;
    if (width + w > max - 1) break;
    out += segment;
    width += w;
  }
  return `${out}…`;
}
