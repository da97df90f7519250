import { describe, expect, it } from 'vitest';
import { shellSnippets } from './snippets.ts';

describe('shellSnippets', () => {
  it('returns sh and bash blocks with their line, skipping other languages', () => {
    const doc = [
      '# t',
      '```sh',
      'refctl me',
      '```',
      '```ts',
      'x()',
      '```',
      '```bash',
      'a',
      'b',
      '```',
    ];
    expect(shellSnippets(doc.join('\n'))).toEqual([
      { line: 2, code: 'refctl me', skip: undefined },
      { line: 8, code: 'a\nb', skip: undefined },
    ]);
  });

  it('honours the skip marker on the line before the block, with or without a reason', () => {
    const doc = [
      '<!-- docs-test: skip (starts the server) -->',
      '',
      '```sh',
      'pnpm start',
      '```',
      '<!-- docs-test: skip -->',
      '```sh',
      'pnpm add x',
      '```',
      'text',
      '```sh',
      'refctl me',
      '```',
    ];
    expect(shellSnippets(doc.join('\n')).map((s) => s.skip)).toEqual([
      'starts the server',
      'marked skip',
      undefined,
    ]);
  });

  it('does not let a marker reach past prose or another block', () => {
    const doc = ['<!-- docs-test: skip -->', 'Some prose.', '```sh', 'refctl me', '```'];
    expect(shellSnippets(doc.join('\n'))[0]?.skip).toBeUndefined();
  });

  it('ignores a shell fence shown inside a longer fence', () => {
    const doc = ['````md', '```sh', 'pnpm start', '```', '````', '```sh', 'refctl me', '```'];
    expect(shellSnippets(doc.join('\n'))).toEqual([
      { line: 6, code: 'refctl me', skip: undefined },
    ]);
  });

  it('refuses an unclosed fence', () => {
    expect(() => shellSnippets('```sh\nrefctl me\n')).toThrow(/unclosed code fence at line 1/);
  });
});
