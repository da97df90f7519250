import { UNSAFE_CHARS } from '@refapi/schema/text';

// What `scenario` and `drift` print comes from recordings, and a recording holds whatever an
// upstream or a hostile file put in it: an `ESC]0;…BEL` in a recorded string would retitle
// the reader's terminal. Every character the contract's free-text rule refuses is shown
// instead: `\u001b` style, so a line still reads as the JSON it quotes.

const UNSAFE_BUT_NEWLINE = new RegExp(`(?!\\n)[${UNSAFE_CHARS}]`, 'g');
const UNSAFE_ALL = new RegExp(`[${UNSAFE_CHARS}]`, 'g');

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with every control and bidi control but the line break written as `\uXXXX`. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE_BUT_NEWLINE, escaped);
}

/**
 * Like {@link terminalSafe}, the line break written as `\u000a` too: for one line of a report
 * that may quote a recorded string. A line break there would start a line the recording
 * wrote, such as a forged `fidelity 9/9 (0 unverifiable)` last line.
 */
export function terminalLine(text: string): string {
  return text.replace(UNSAFE_ALL, escaped);
}
