import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, shellWord } from './shell-quote';

/** What bash makes of the quoted word: the exact bytes of its one argument. */
const throughBash = (value: string) =>
  execFileSync('bash', ['-c', `printf %s ${shellQuote(value)}`], { encoding: 'utf8' });

describe('shellQuote', () => {
  it('survives a round trip through the shell, quotes and $ included', () => {
    const value = `it's $HOME "and" \\ \`x\` {101,102} [1-5] * ; | &`;
    expect(throughBash(value)).toBe(value);
    expect(shellQuote('plain')).toBe(`'plain'`);
  });

  it('writes control characters as escapes, so a pasted command keeps its bytes', () => {
    const value = `a\tb\r\nc\u001b[31m it's \\ é`;
    const quoted = shellQuote(value);
    expect(quoted).toBe(`$'a\\x09b\\x0d\\x0ac\\x1b[31m it\\'s \\\\ é'`);
    expect([...quoted].filter((char) => char < ' ')).toEqual([]);
    expect(throughBash(value)).toBe(value);
  });

  it('leaves a plain word as it is, and quotes one the shell would split or expand', () => {
    for (const plain of ['plans/kvm.json', 'a_b-c.json', '/tmp/x', 'k=v']) {
      expect(shellWord(plain)).toBe(plain);
    }
    for (const value of ['my plan.json', '~/p.json', '-p.json', '$HOME.json', "it's", '#x', '']) {
      expect(shellWord(value), value).toBe(shellQuote(value));
      expect(throughBash(value)).toBe(value);
    }
  });
});
