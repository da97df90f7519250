import { UNSAFE_CHARS } from './unsafe-chars';

// Text a program did not write itself (a server's answer, a file, an argument) is printed to
// a terminal, which obeys control sequences: an `ESC]0;…BEL` would retitle the window,
// `ESC[2K\r` rewrite the line above, a bidi override (U+202E) show `exe.txt` for `txt.exe`.
// So what the free-text rule refuses (one set, UNSAFE_CHARS) is shown, never sent: control
// characters in caret notation, as gh does (ESC → ^[, BEL → ^G, the C1 CSI U+009B → ^[[),
// bidi controls as `<U+202E>`, as less does. refctl, ref-server and refapi-mcp all print
// through these two functions.

const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`);
const UNSAFE_ALL = new RegExp(UNSAFE, 'g');
// Line breaks (LF, CRLF) are kept where a text may span lines; a lone CR still rewrites a line.
const UNSAFE_BUT_LINE_BREAKS = new RegExp(`(?!\\r?\\n)[${UNSAFE_CHARS}]`, 'g');

function shown(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code === 0x7f) return '^?';
  // A C1 control is the 7-bit `ESC` + (code - 0x40), e.g. U+009B CSI = ESC [.
  if (code <= 0x9f) return `^[${String.fromCharCode(code - 0x40)}`;
  return `<U+${code.toString(16).toUpperCase()}>`;
}

/** Whether `text` holds a character a terminal would obey (a control or bidi control). */
export function hasControls(text: string): boolean {
  return UNSAFE.test(text);
}

/** `text` with every control and bidi control shown (`^[`, `<U+202E>`): safe on one line. */
export function escapeControls(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, shown) : text;
}

/** Like {@link escapeControls} but keeps line breaks: for messages of several lines. */
export function escapeControlsInLines(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_BUT_LINE_BREAKS, shown) : text;
}
