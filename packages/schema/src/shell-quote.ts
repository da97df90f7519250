/** ASCII control characters (tab, newline, CR, ESC, DEL…). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Quotes a value as one word for a POSIX shell (bash, zsh, ksh): single quotes, embedded
 * ones closed and escaped; nothing inside is expanded. A value holding control characters
 * is written in ANSI-C quotes (`$'…\x09…'`) instead: pasted raw, a tab would trigger
 * completion and a CR would become a newline in the terminal, so the command would no
 * longer send the bytes the journal recorded. (NUL cannot travel in a shell word at all.)
 */
export function shellQuote(value: string): string {
  if (!CONTROL.test(value)) return `'${value.replaceAll("'", `'\\''`)}'`;
  let out = "$'";
  for (const char of value) {
    if (char === '\\' || char === "'") out += `\\${char}`;
    else if (CONTROL.test(char)) out += `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return `${out}'`;
}

// Characters no POSIX shell treats specially in a word (nor at its start: no `~`, `#`, `-`).
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./][A-Za-z0-9_@%+=:,./-]*$/;

/**
 * `value` as one shell word to show in a command a user will paste: as it is when nothing in
 * it is special (`plans/kvm.json`), else {@link shellQuote}d (`'my plan.json'`).
 */
export function shellWord(value: string): string {
  return PLAIN_WORD.test(value) ? value : shellQuote(value);
}
