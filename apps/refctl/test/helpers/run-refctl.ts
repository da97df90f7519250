import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built CLI under test: the snapshot of dist/ that test/global-setup.ts takes. */
export const REFCTL = fileURLToPath(
  new URL('../../node_modules/.cache/refctl-e2e/refctl.cjs', import.meta.url),
);

/** What one refctl run produced. */
export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  /**
   * stderr without the request ids of errors (` (request req_…)` of a line, `request_id` of
   * a JSON error): they differ on every run. Tests of the ids read {@link rawStderr}.
   */
  readonly stderr: string;
  /** stderr exactly as printed. */
  readonly rawStderr: string;
}

/**
 * One cache directory (XDG_CACHE_HOME) for every run, as a user has one (the code cache of
 * main.cjs lives there); each run's HOME is new. Without it every run would compile refctl
 * afresh and write a cache nobody reads (~50 ms of CPU a run). A test of the cache itself
 * gives its own XDG_CACHE_HOME.
 */
export const CODE_CACHE_HOME = fileURLToPath(
  new URL('../../node_modules/.cache/refctl-e2e-cache', import.meta.url),
);

const REQUEST_ID = / \(request req_[A-Za-z0-9]+\)|,"request_id":"req_[A-Za-z0-9]+"/g;

/** How to run refctl: extra environment, stdin text, a kill after some time. */
export interface RunOptions {
  readonly env?: Record<string, string | undefined>;
  readonly input?: string;
  /** Send SIGINT (or `interruptWith`) after this many ms. */
  readonly interruptAfterMs?: number;
  /**
   * Send SIGINT (or `interruptWith`) once stdout or stderr matches: a wait for what the user
   * would see before pressing Ctrl-C, where a fixed delay races a loaded machine.
   */
  readonly interruptWhen?: RegExp;
  /** The signal `interruptAfterMs` or `interruptWhen` sends. Default SIGINT (Ctrl-C). */
  readonly interruptWith?: NodeJS.Signals;
  /** Called once the process is spawned (e.g. to advance the server clock meanwhile). */
  readonly onSpawn?: () => void;
  /** The program to run instead of `node dist/refctl.cjs` (the executable of build:binary). */
  readonly executable?: string;
}

/** A run's result: stderr without its request ids, and as printed (`rawStderr`). */
export function scrubRequestIds(code: number | null, stdout: string, stderr: string): RunResult {
  const result = { code, stdout, stderr: stderr.replace(REQUEST_ID, '') };
  // Not enumerable: tests compare `{code, stdout, stderr}` with toEqual.
  return Object.defineProperty(result, 'rawStderr', { value: stderr }) as RunResult;
}

/** A fresh empty config home, so no test sees another's profiles (or the user's). */
export const tempConfigHome = () => mkdtempSync(join(tmpdir(), 'refctl-e2e-'));

/**
 * Spawns `node dist/refctl.cjs …args` with a clean environment (no CI, no color, no
 * inherited REF_*), asynchronously so an in-process server keeps serving.
 */
export function refctl(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: tempConfigHome(),
    XDG_CACHE_HOME: CODE_CACHE_HOME,
  };
  for (const [key, value] of Object.entries(options.env ?? {}))
    if (value !== undefined) env[key] = value;
  return new Promise((resolve, reject) => {
    const [command, ...prefix] = options.executable
      ? [options.executable]
      : [process.execPath, REFCTL];
    const child = spawn(command!, [...prefix, ...args], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    const interruptOnMatch = () => {
      if (interrupted || !options.interruptWhen?.test(stdout + stderr)) return;
      interrupted = true;
      child.kill(options.interruptWith ?? 'SIGINT');
    };
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      interruptOnMatch();
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
      interruptOnMatch();
    });
    child.on('error', reject);
    // A hung command must not outlive the test run.
    const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve(scrubRequestIds(code, stdout, stderr));
    });
    child.stdin.end(options.input ?? '');
    if (options.interruptAfterMs !== undefined)
      setTimeout(() => child.kill(options.interruptWith ?? 'SIGINT'), options.interruptAfterMs);
    options.onSpawn?.();
  });
}
