import { PassThrough } from 'node:stream';
import { type Ctx, createCtx } from '../../src/cli/context';
import { createRunState } from '../../src/cli/run-state';
import type { Io } from '../../src/io/io';
import type { OutputFormat } from '../../src/output/output-format';

/** An Io that collects what is written to stdout and stderr; stderr is a terminal if asked. */
export function captureIo(env: Io['env'] = {}, stderrIsTTY = false) {
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
      ...(stderrIsTTY ? { isTTY: true } : {}),
    },
    stdin: new PassThrough(),
    env,
  };
  return { io, stdout: () => stdout, stderr: () => stderr };
}

/**
 * A command context printing `-o output` over a {@link captureIo}: off a terminal unless
 * `stderrIsTTY`, cancelled by `signal` when one is given.
 */
export function captureCtx(
  output: OutputFormat = 'table',
  { stderrIsTTY = false, signal = new AbortController().signal } = {},
) {
  const captured = captureIo({}, stderrIsTTY);
  const globals = { output, headers: true, debug: false, color: false, input: true } as const;
  const ctx: Ctx = createCtx(captured.io, globals, createRunState(), signal);
  return { ...captured, ctx };
}
