import { describe, expect, it } from 'vitest';
import { refctlInProcess as refctl } from '../../test/helpers/run-in-process';

describe('refctl help NAME', () => {
  it.each([
    [['help', 'nonexistent'], 'nonexistent'],
    // An empty name starts every topic's name: no suggestion for it.
    [['help', ''], ''],
    [['plans', 'help', 'nope'], 'nope'],
    [['shield', 'rules', 'help', 'nope'], 'nope'],
    [['help', 'shield', 'nope'], 'nope'],
  ])('%j: one line naming the unknown command, exit 2', async (args, name) => {
    // Commander printed the whole help on stderr and no word of what was wrong.
    expect(await refctl(args)).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: unknown command '${name}'\n`,
    });
  });

  it.each([
    ['exit-code', 'exit-codes'],
    ['exit', 'exit-codes'],
  ])(
    'help %s suggests the help topic %s, which is no command to list (exit 2)',
    async (typed, topic) => {
      expect(await refctl(['help', typed])).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: unknown command '${typed}' (did you mean ${topic}?)\n`,
      });
    },
  );

  it.each([
    [['help', 'mee'], ['mee']],
    [
      ['help', 'shield', 'rulez'],
      ['shield', 'rulez'],
    ],
  ])('%j: the usage error %j gets, "did you mean …?" included (exit 2)', async (args, same) => {
    const result = await refctl(args);
    expect(result).toEqual(await refctl(same));
    expect(result).toMatchObject({ code: 2, stderr: expect.stringContaining(' (did you mean ') });
  });

  it.each([
    [['help'], ['--help']],
    [['help', '--help'], ['--help']],
    [
      ['help', 'me'],
      ['me', '--help'],
    ],
    [
      ['help', 'me', '--limit', '5'],
      ['me', '--help'],
    ],
    [
      ['plans', 'help', 'list'],
      ['plans', 'list', '--help'],
    ],
    [
      ['plans', 'help'],
      ['plans', '--help'],
    ],
    [
      ['help', 'shield', 'rules'],
      ['shield', 'rules', '--help'],
    ],
    [
      ['help', 'shield', 'rules', 'add', '--name', 'x'],
      ['shield', 'rules', 'add', '--help'],
    ],
    [
      ['help', 'services', 'get', 'REF-SVC-1'],
      ['services', 'get', '--help'],
    ],
  ])('%j prints the help of %j (exit 0)', async (args, same) => {
    const result = await refctl(args);
    expect(result).toEqual({ ...(await refctl(same)), code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Usage: refctl /);
  });

  it('is listed as commander listed its own, once', async () => {
    const { stdout } = await refctl(['--help']);
    expect(stdout.match(/^ {2}help \[command\] +display help for command$/gm)).toHaveLength(1);
    const plans = await refctl(['plans', '--help']);
    expect(plans.stdout.match(/^ {2}help \[command\]/gm)).toHaveLength(1);
  });
});
