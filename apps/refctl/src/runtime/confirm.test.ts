import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CancelledError, InterruptedError, UsageError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import type { Io } from '../io/io';
import { confirm } from './confirm';

function terminal(isTTY: boolean) {
  const stdin = Object.assign(new PassThrough(), { isTTY, setRawMode: () => stdin });
  const stderr = Object.assign(new PassThrough(), { isTTY, columns: 80 });
  let prompt = '';
  stderr.on('data', (chunk: Buffer) => {
    prompt += chunk.toString();
  });
  const io: Io = { stdin, stderr, stdout: new PassThrough(), env: {} };
  return { io, stdin, prompt: () => prompt };
}

const request = { question: 'Stop REF-SVC-A1?', action: 'services power stop', yes: false };

describe('confirm', () => {
  it('does not ask with --yes, even without a terminal', async () => {
    const { io, prompt } = terminal(false);
    await confirm(io, { ...request, yes: true });
    expect(prompt()).toBe('');
  });

  it('refuses without a terminal and tells how to proceed', async () => {
    const { io } = terminal(false);
    const error = await confirm(io, request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(
      'services power stop needs confirmation and stdin is not a terminal; pass --yes to proceed',
    );
  });

  it('asks on a terminal and proceeds on yes', async () => {
    const { io, stdin, prompt } = terminal(true);
    const done = confirm(io, request);
    stdin.write('y\n');
    await expect(done).resolves.toBeUndefined();
    expect(prompt()).toContain('Stop REF-SVC-A1? [y/N] ');
  });

  it('shows control characters of the question in caret notation, never to the terminal', async () => {
    const { io, stdin, prompt } = terminal(true);
    const done = confirm(io, { ...request, question: 'Buy kvm-s\u001b]0;PWNED\u0007\u001b[2K\r?' });
    stdin.write('y\n');
    await done;
    expect(prompt()).toContain('Buy kvm-s^[]0;PWNED^G^[[2K^M? [y/N] ');
    expect(prompt()).not.toContain('\u001b]0;');
  });

  it('refuses with --no-input even on a terminal, without asking', async () => {
    const { io, prompt } = terminal(true);
    const error = await confirm(io, { ...request, input: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(
      'services power stop needs confirmation and --no-input was given; pass --yes to proceed',
    );
    expect(prompt()).toBe('');
  });

  it.each([['\n'], ['n\n'], ['nope\n']])(
    'cancels on anything but yes (%j): not an error, exit 8',
    async (typed) => {
      const { io, stdin } = terminal(true);
      const done = confirm(io, { ...request, nothing: 'nothing was ordered' });
      stdin.write(typed);
      const error = await done.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CancelledError);
      expect(error).toMatchObject({
        message: 'cancelled; nothing was ordered',
        exitCode: EXIT.cancelled,
      });
    },
  );

  it('cancels on Esc (exit 8) and on Ctrl-C (exit 130), saying nothing was done', async () => {
    for (const [key, exitCode] of [
      ['\u001b', EXIT.cancelled],
      ['\u0003', EXIT.interrupted],
    ] as const) {
      const { io, stdin, prompt } = terminal(true);
      const done = confirm(io, request);
      stdin.write(key);
      await expect(done).rejects.toMatchObject({
        name: 'CancelledError',
        message: 'cancelled; nothing was done',
        exitCode,
      });
      // The cancel line will go below the question, not after it.
      expect(prompt()).toContain('Stop REF-SVC-A1? [y/N] ');
      expect(prompt()).toMatch(/\n$/);
    }
  });

  it('reports an interruption when input ends before an answer', async () => {
    const { io, stdin } = terminal(true);
    const done = confirm(io, request);
    stdin.end();
    await expect(done).rejects.toBeInstanceOf(InterruptedError);
  });

  it('puts the line after an ended input (Ctrl-D) below the question, not after it', async () => {
    const { io, stdin, prompt } = terminal(true);
    const done = confirm(io, request);
    stdin.write('\u0004');
    await expect(done).rejects.toBeInstanceOf(InterruptedError);
    expect(prompt()).toContain('Stop REF-SVC-A1? [y/N] ');
    expect(prompt()).toMatch(/\n$/);
  });

  it('cancels on a signal sent to the process, its line below the question, with its exit code', async () => {
    const { io, prompt } = terminal(true);
    const controller = new AbortController();
    const done = confirm(io, { ...request, signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new InterruptedError(undefined, EXIT.terminated));
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect(error).toMatchObject({
      exitCode: EXIT.terminated,
      message: 'cancelled; nothing was done',
    });
    // The prompt, readline's move of the cursor to its end (column 24), then the line break.
    expect(prompt().endsWith('Stop REF-SVC-A1? [y/N] \u001b[24G\n'), prompt()).toBe(true);
  });
});
