// What the process does when its output cannot be written or its input file never comes:
// the built bin, spawned, with stdout on a full device and an input file that is a FIFO.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_CACHE_HOME, REFCTL, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

const env = () => ({
  PATH: process.env.PATH ?? '',
  HOME: tempConfigHome(),
  XDG_CACHE_HOME: CODE_CACHE_HOME,
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: KEYS.full,
});

/** Runs refctl with stdout on `stdoutFd`; resolves to its exit code and stderr. */
async function run(args: readonly string[], stdoutFd: number | 'pipe' = 'pipe') {
  const child = spawn(process.execPath, [REFCTL, ...args], {
    env: env(),
    stdio: ['ignore', stdoutFd, 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stderr };
}

describe.runIf(process.platform === 'linux')('output that cannot be written', () => {
  it.each([
    [['me']],
    [['me', '-o', 'json']],
    [['invoices', 'list', '--paginate', '-o', 'json']],
    [['transactions', 'list', '-o', 'csv']],
    [['me', '--jq', '.email']],
  ])('%j to a full disk says so and exits 1, never 0', async (args) => {
    const full = openSync('/dev/full', 'w');
    try {
      expect(await run(args, full)).toMatchObject({
        code: 1,
        stderr: 'error: cannot write output: ENOSPC\n',
      });
    } finally {
      closeSync(full);
    }
  });
});

describe.runIf(process.platform !== 'win32')('an input file that is a FIFO', () => {
  const fifo = () => {
    const path = join(mkdtempSync(join(tmpdir(), 'refctl-fifo-')), 'input');
    const made = spawn('mkfifo', [path]);
    return once(made, 'close').then(() => path);
  };

  it('is read once its writer comes', async () => {
    const path = await fifo();
    const started = run(['api', '-X', 'PUT', '/services/REF-SVC-A1/auto-renew', '--input', path]);
    // The writer opens it later, as a slow producer would.
    setTimeout(() => writeFileSync(path, '{"enabled":true}'), 300);
    const { code } = await started;
    expect(code).toBe(0);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'ends on %s while no writer has come (exit %i, at once)',
    async (signal, exitCode) => {
      const path = await fifo();
      const child = spawn(process.execPath, [REFCTL, 'apply', path, '--yes'], {
        env: env(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (text: string) => {
        stderr += text;
      });
      // It ignored both signals before: never outlive the test.
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      // Past the start (~100 ms), waiting on the FIFO.
      await new Promise((resolve) => setTimeout(resolve, 800));
      const interruptedAt = performance.now();
      child.kill(signal);
      const [code] = (await once(child, 'close')) as [number | null];
      expect([code, stderr]).toEqual([exitCode, 'error: interrupted\n']);
      // Not after the 2 s a command that ignores Ctrl-C is given: the read stopped itself.
      expect(performance.now() - interruptedAt).toBeLessThan(1_500);
    },
  );
});
