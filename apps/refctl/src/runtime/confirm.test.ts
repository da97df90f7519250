import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CliError, InterruptedError, UsageError } from '../errors/cli-error';
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

  it('cancels on anything but yes', async () => {
    const { io, stdin } = terminal(true);
    const done = confirm(io, request);
    stdin.write('\n');
    await expect(done).rejects.toThrow(CliError);
    await expect(done).rejects.toThrow(/cancelled/);
  });

  it('reports an interruption when input ends before an answer', async () => {
    const { io, stdin } = terminal(true);
    const done = confirm(io, request);
    stdin.end();
    await expect(done).rejects.toBeInstanceOf(InterruptedError);
  });
});
