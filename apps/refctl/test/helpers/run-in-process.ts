import { Readable } from 'node:stream';
import { startCli } from '../../src/cli/run-cli';
import type { Io } from '../../src/io/io';
import { type RunOptions, type RunResult, scrubRequestIds, tempConfigHome } from './run-refctl';

/**
 * Runs `refctl …args` in this process, as bin.ts would on a process (the same command line,
 * environment, stdin text, streams off a terminal), and resolves to what a spawned run
 * resolves to. For output tests: no Node start per command. What only a process has
 * (signals, the built bundle, pipes closing, a terminal) stays with {@link refctl}.
 */
export async function refctlInProcess(
  args: readonly string[],
  options: Pick<RunOptions, 'env' | 'input' | 'onSpawn'> = {},
): Promise<RunResult> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: tempConfigHome() };
  for (const [key, value] of Object.entries(options.env ?? {}))
    if (value !== undefined) env[key] = value;
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: {
      write: (chunk: string) => {
        stdout += chunk;
        return true;
      },
    },
    stderr: {
      write: (chunk: string) => {
        stderr += chunk;
        return true;
      },
    },
    stdin: Readable.from(options.input ? [options.input] : []),
    env,
  };
  const run = startCli(args, io);
  options.onSpawn?.();
  const code = await run.done;
  return scrubRequestIds(code, stdout, stderr);
}
