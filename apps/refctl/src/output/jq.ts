import { CliError, InterruptedError, UsageError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { JqEngine, type JqRunLimits, JqStopped } from './jq-engine';

// `--jq` runs real jq (jq-web, on a worker thread: see jq-engine.ts). jq answers with its
// whole output, or with its stderr when it failed, so a runtime error after some output
// loses that output (as `jq … 2>/dev/null` would show nothing but the error either way).

/** Heap past which a filter's output is refused, as the message says (jq-engine.ts). */
const OUTPUT_LIMIT_TEXT = 'the filter used more memory than --jq allows (512 MiB)';

let engine: JqEngine | undefined;
const jq = (): JqEngine => {
  engine ??= new JqEngine();
  return engine;
};

/** jq's first error line without its `jq: error:` prefix, e.g. `syntax error, unexpected …`. */
function firstLine(message: string): string {
  const line =
    message.split('\n').find((l) => l.trim() !== '' && !/^Non-zero exit code/.test(l)) ?? message;
  return line.replace(/^jq: error(?: \(at [^)]*\))?:?\s*/, '').replace(/:$/, '');
}

/** The error of a run that jq did not finish: stopped by Ctrl-C, `--timeout` or its memory. */
function stopped(error: JqStopped): CliError {
  const { stop } = error;
  if (stop.kind === 'aborted') {
    return stop.reason instanceof CliError ? stop.reason : new InterruptedError();
  }
  if (stop.kind === 'timeout') {
    return new CliError(
      `--jq: the filter did not finish within ${stop.ms < 1000 ? `${stop.ms}ms` : `${Math.round(stop.ms / 100) / 10}s`} (--timeout)`,
      EXIT.error,
      'jq_timeout',
    );
  }
  return new CliError(`--jq: ${OUTPUT_LIMIT_TEXT}`, EXIT.error, 'jq_error');
}

/** How long the compile check may run the filter on `null`: jq reports compile errors first. */
const CHECK_MS = 1000;

/**
 * Compiles `filter` once against `null`, so a typo fails before any request is sent:
 * a usage error (exit 2) quoting jq's message. Runtime errors on `null` do not count, nor
 * does a filter still running on `null` after a second (it compiled; the real runs are
 * stopped by `--timeout` like any).
 */
export async function checkJqFilter(filter: string, limits: JqRunLimits = {}): Promise<void> {
  let answer: Awaited<ReturnType<JqEngine['run']>>;
  try {
    answer = await jq().run('null', filter, ['-c'], {
      signal: limits.signal,
      timeoutMs: Math.min(CHECK_MS, limits.timeoutMs ?? CHECK_MS),
    });
  } catch (error) {
    if (error instanceof JqStopped && error.stop.kind === 'timeout') return;
    if (error instanceof JqStopped) throw stopped(error);
    throw error;
  }
  if ('error' in answer && /compile error/.test(answer.error)) {
    throw new UsageError(`invalid --jq expression: ${firstLine(answer.error)}`, 'invalid_jq');
  }
}

/**
 * Runs `filter` over `json` (one JSON text, or several: NDJSON, concatenated pages, each an
 * input of its own as with jq) and resolves to its results, each as compact JSON text.
 * `limits` stop it: `--timeout`, and the command's signal (Ctrl-C, SIGTERM).
 */
export async function runJq(
  json: string,
  filter: string,
  limits: JqRunLimits = {},
): Promise<string[]> {
  let answer: Awaited<ReturnType<JqEngine['run']>>;
  try {
    answer = await jq().run(json, filter, ['-c'], limits);
  } catch (error) {
    if (error instanceof JqStopped) throw stopped(error);
    throw error;
  }
  if ('error' in answer) {
    throw new CliError(`--jq: ${firstLine(answer.error)}`, EXIT.error, 'jq_error');
  }
  const output = answer.output.trim();
  return output === '' ? [] : output.split('\n');
}
