import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The console builds every admin API path from `ADMIN_PATHS` and `inSpace` of
// `@refapi/server/browser`, the table the server's admin routes are keyed by: no admin path
// (nor a space's prefix) is written in its sources, so none can drift from the server's.

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** A string, template or JSX attribute literal that starts with an admin or space path. */
const PATH_LITERAL = /(['"`])\/(__admin|spaces)(?=[/'"`?]|$)/gm;

/** A comment line (TSDoc's Markdown quotes paths in backticks: no code). */
const COMMENT = /^\s*(\/\/|\/\*|\*)/;

/** `file:line: text` of each such literal in `code`, comment lines aside. */
const literalPaths = (file: string, code: string) =>
  code.split('\n').flatMap((line, index) => {
    PATH_LITERAL.lastIndex = 0;
    return !COMMENT.test(line) && PATH_LITERAL.test(line)
      ? [`${file}:${index + 1}: ${line.trim()}`]
      : [];
  });

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

it('finds a hardcoded admin path however it is quoted', () => {
  const code = [
    "fetch('/__admin/state');",
    'new EventSource("/__admin/requests/stream");',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal
    'fetch(`/spaces/${id}/__admin/state`);',
    "const ADMIN = '/__admin';",
    ' * `/__admin/state` in a comment is no literal',
  ].join('\n');
  expect(literalPaths('x.ts', code)).toHaveLength(4);
});

it('writes no admin API path in apps/console/src (outside tests)', () => {
  const files = sources(SRC);
  expect(files.length).toBeGreaterThan(20);
  const found = files.flatMap((file) =>
    literalPaths(relative(SRC, file), readFileSync(file, 'utf8')),
  );
  expect(found).toEqual([]);
});
