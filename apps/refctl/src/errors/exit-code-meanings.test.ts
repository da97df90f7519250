import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { refctlInProcess } from '../../test/helpers/run-in-process';
import { EXIT_CODE_MEANINGS, exitCodeRows, exitCodesHelp } from './exit-code-meanings';
import { EXIT } from './exit-codes';

/** The rows of the README's `## Exit codes` table: code and meaning as written. */
function readmeRows(): [number, string][] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Exit codes\n'));
  const table = section.slice(section.indexOf('| Code | Meaning |'));
  const lines = table.split('\n');
  const rows = lines.slice(
    2,
    lines.findIndex((l) => !l.startsWith('|')),
  );
  return rows.map((row) => {
    const [, code = '', meaning = ''] = row.split(/ *\| */);
    return [Number(code), meaning];
  });
}

describe('exit codes', () => {
  it('has a meaning for every code, one per code', () => {
    expect(Object.keys(EXIT_CODE_MEANINGS).sort()).toEqual(Object.keys(EXIT).sort());
    expect(new Set(Object.values(EXIT)).size).toBe(Object.keys(EXIT).length);
  });

  it("makes the README's table, row for row", () => {
    expect(readmeRows()).toEqual(exitCodeRows());
  });

  it.each([['help', 'exit-codes'], ['exit-codes'], ['exit-codes', '--help']].map((a) => [a]))(
    'refctl %j prints the table and exits 0',
    async (args) => {
      const result = await refctlInProcess(args);
      expect(result).toEqual({ code: 0, stdout: exitCodesHelp(), stderr: '' });
      // Read back as a person reads it: a code, then its meaning, on each line.
      const pairs = result.stdout.split('\n').flatMap((line) => {
        const match = /^ {2}(\d+) +(.+)$/.exec(line);
        return match ? [[Number(match[1]), match[2]]] : [];
      });
      expect(pairs).toEqual(exitCodeRows());
    },
  );

  it('names the topic in the main help', async () => {
    const { stdout } = await refctlInProcess(['--help']);
    expect(stdout).toContain('refctl help exit-codes');
  });
});
