import { UNSAFE_CHARS } from '@refapi/schema/text';

// Text from the server is printed to a terminal, which obeys control sequences: an
// `ESC]0;…BEL` in a rule name would retitle the window, `ESC[2K\r` rewrite the line above,
// a bidi override (U+202E) show `exe.txt` for `txt.exe`. So no output format sends the
// characters the API's free-text rule refuses (one set, from @refapi/schema); it shows them.
// This holds whether stdout is a terminal or not: a file or a pipe is `cat`-ed later.
// - tables, CSV and stderr: control characters in caret notation, as gh does (ESC → ^[,
//   BEL → ^G, the C1 CSI U+009B → ^[[), bidi controls as `<U+202E>`, as less does;
// - JSON and YAML: as `\u009b` escapes inside their quoted strings, so they parse back to
//   the same data.

const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`);
// What JSON.stringify and yaml leave raw: they escape C0 controls themselves.
const UNSAFE_BUT_C0 = new RegExp(`(?![\\u0000-\\u001F])[${UNSAFE_CHARS}]`, 'g');

const unicodeEscape = (char: string): string =>
  `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

// The caret notation is @refapi/schema's, shared with ref-server and refapi-mcp.
export { escapeControls, escapeControlsInLines, hasControls } from '@refapi/schema/text';

/**
 * Serialized JSON or YAML with DEL, C1 and bidi controls as `\uXXXX`. Valid only where such
 * characters can occur in quoted strings alone: JSON text, and YAML whose strings holding
 * them are double-quoted (see `yaml.ts`).
 */
export function escapeSerialized(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_BUT_C0, unicodeEscape) : text;
}
