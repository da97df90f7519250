import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { refctlInProcess } from './helpers/run-in-process';
import { REFCTL, refctl, tempConfigHome } from './helpers/run-refctl';

// Output runs in process; `--version`, which bin.ts answers before loading the rest, and
// the shebang are the built bin's.

const scripts: Record<string, string> = {};
const dir = tempConfigHome();
const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

beforeAll(async () => {
  for (const shell of ['bash', 'zsh', 'fish']) {
    const { code, stdout } = await refctlInProcess(['completion', shell]);
    expect(code).toBe(0);
    scripts[shell] = stdout;
    writeFileSync(join(dir, `refctl.${shell}`), stdout);
  }
});

/** Runs the bash completion function for the words typed so far (the last one is the cursor). */
function complete(words: string[]): string[] {
  const script = `
    source ${JSON.stringify(join(dir, 'refctl.bash'))}
    COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')})
    COMP_CWORD=${words.length - 1}
    _refctl
    printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('refctl completion', () => {
  it('prints a bash script that bash -n accepts', () => {
    expect(scripts.bash).toContain('complete -F _refctl refctl');
    execFileSync('bash', ['-n', join(dir, 'refctl.bash')]);
  });

  it('completes commands, subcommands, flags and their values in bash', () => {
    expect(complete(['refctl', 'sh'])).toEqual(['shield']);
    expect(complete(['refctl', 'shield', 'rules', ''])).toEqual(['list', 'add', 'delete']);
    expect(complete(['refctl', 'invoices', 'list', '--pa'])).toEqual(['--paginate']);
    // --all, the old name of --paginate, works but is not offered.
    expect(complete(['refctl', 'invoices', 'list', '--a'])).toEqual([]);
    expect(complete(['refctl', '-o', 'json', 'shield', 'profile', 'set', 'REF-SVC-1', ''])).toEqual(
      ['off', 'low', 'default', 'strict'],
    );
    expect(complete(['refctl', 'me', '-o', 'y'])).toEqual(['yaml']);
    expect(complete(['refctl', 'completion', 'f'])).toEqual(['fish']);
    expect(complete(['refctl', 'server', ''])).toEqual(['start', 'spaces']);
    expect(complete(['refctl', 'server', 'spaces', ''])).toEqual(['list', 'create', 'delete']);
    expect(complete(['refctl', 'server', 'spaces', 'create', '--f'])).toEqual(['--from']);
  });

  it.runIf(has('zsh'))('prints a zsh script that zsh -n accepts', () => {
    execFileSync('zsh', ['-n', join(dir, 'refctl.zsh')]);
  });

  it.runIf(has('fish'))('prints a fish script that fish -n accepts', () => {
    execFileSync('fish', ['-n', join(dir, 'refctl.fish')]);
  });

  it('names every command in the zsh and fish scripts too', () => {
    expect(scripts.zsh!.startsWith('#compdef refctl\n')).toBe(true);
    expect(scripts.zsh).toContain("'shield rules') echo 'list add delete' ;;");
    expect(scripts.fish).toContain(
      "complete -c refctl -f -n '__refctl_at \\'shield rules\\'' -a 'delete'",
    );
    expect(scripts.fish).toContain("-l output -x -a 'table json yaml csv ndjson'");
  });
});

describe('refctl --version and --help', () => {
  it('prints the package version', async () => {
    const { version } = (await import('../package.json', { with: { type: 'json' } })).default;
    expect(await refctl(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('prints help with examples for a nested command', async () => {
    const { code, stdout } = await refctlInProcess(['shield', 'rules', 'add', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: refctl shield rules add [options] <ref>');
    expect(stdout).toContain('Examples:\n  $ refctl shield rules add REF-SVC-101');
  });

  it('without a command prints help on stderr and exits 2', async () => {
    const { code, stdout, stderr } = await refctlInProcess([]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain('Usage: refctl [options] [command]');
  });

  it('exists as a node script with a shebang', () => {
    expect(execFileSync('head', ['-1', REFCTL], { encoding: 'utf8' })).toBe(
      '#!/usr/bin/env node\n',
    );
  });
});
