// Finds the shell snippets of a Markdown document. A fenced ```sh (or bash) block runs
// in the docs test unless the line before it (blank lines aside) is the marker
// `<!-- docs-test: skip -->`, optionally followed by a reason:
// `<!-- docs-test: skip (starts the server) -->`.

/** One fenced shell block of a document. */
export interface Snippet {
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly code: string;
  /** Why the block is not run; `undefined` when it runs. */
  readonly skip: string | undefined;
}

const OPEN = /^(`{3,})\s*([\w-]*)/;
const SHELL = new Set(['sh', 'bash', 'shell']);
const SKIP = /^<!--\s*docs-test:\s*skip(?:\s*\((.*)\))?\s*-->$/;

/** The shell blocks of `markdown`, in document order. */
export function shellSnippets(markdown: string): Snippet[] {
  const lines = markdown.split(/\r?\n/);
  const snippets: Snippet[] = [];
  let previous = '';
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] ?? '';
    const open = OPEN.exec(text);
    if (open) {
      // A fence closes with at least as many backticks as opened it (CommonMark), so a
      // ```sh example inside a ````md block is not a snippet.
      const ticks = open[1]?.length ?? 3;
      const end = lines.findIndex((l, j) => j > i && new RegExp(`^\`{${ticks},}\\s*$`).test(l));
      if (end === -1) throw new Error(`unclosed code fence at line ${i + 1}`);
      if (SHELL.has(open[2] ?? '')) {
        const marker = SKIP.exec(previous.trim());
        snippets.push({
          line: i + 1,
          code: lines.slice(i + 1, end).join('\n'),
          skip: marker ? (marker[1] ?? 'marked skip') : undefined,
        });
      }
      i = end;
      previous = '';
      continue;
    }
    if (text.trim() !== '') previous = text;
  }
  return snippets;
}
