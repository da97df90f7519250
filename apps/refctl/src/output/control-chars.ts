// Text from the server is printed to a terminal, which obeys control sequences: an
// `ESC]0;…BEL` in a rule name would retitle the window, `ESC[2K\r` rewrite the line above.
// Like gh, human-readable output shows control characters in caret notation instead
// (ESC → ^[, BEL → ^G, the C1 CSI U+009B → ^[[); JSON, YAML and CSV stay byte-exact.

// Unicode's Cc category: the C0 controls, DEL and the C1 controls.
const CONTROLS = /\p{Cc}/gu;
const CONTROLS_BUT_NEWLINE = /(?!\n)\p{Cc}/gu;

function caret(char: string): string {
  const code = char.charCodeAt(0);
  if (code === 0x7f) return '^?';
  // A C1 control is the 7-bit `ESC` + (code - 0x40), e.g. U+009B CSI = ESC [.
  if (code >= 0x80) return `^[${String.fromCharCode(code - 0x40)}`;
  return `^${String.fromCharCode(code + 0x40)}`;
}

/** `text` with every C0/C1 control character shown in caret notation: safe in one table cell. */
export function escapeControls(text: string): string {
  CONTROLS.lastIndex = 0;
  return CONTROLS.test(text) ? text.replace(CONTROLS, caret) : text;
}

/** Like {@link escapeControls} but keeps line breaks: for messages of several lines. */
export function escapeControlsInLines(text: string): string {
  return text.replace(CONTROLS_BUT_NEWLINE, caret);
}
