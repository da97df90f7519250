// Runs `ref-server` as a child process: the built dist when it is newer than every source
// file (as after `pnpm build`), else the TypeScript sources through tsx.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST_BIN = join(ROOT, 'dist/bin.js');
const SOURCE_BIN = join(ROOT, 'src/bin.ts');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The node arguments that run `ref-server`: the built bin when it is newer than every
 * source file (as in `pnpm test`, which builds first: a third of tsx's start-up CPU), else
 * src/bin.ts through tsx.
 */
export function refServerArgs(): string[] {
  try {
    if (statSync(DIST_BIN).mtimeMs > newestSource(join(ROOT, 'src'))) return [DIST_BIN];
  } catch {
    // No dist: run the sources.
  }
  return ['--import', 'tsx', '--conditions=@refapi/source', SOURCE_BIN];
}

/** A running `ref-server` child. */
export interface RefServerProcess {
  readonly child: ChildProcess;
  /** API base URL (`http://127.0.0.1:<port>/v1`). */
  readonly baseUrl: string;
  readonly origin: string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** SIGKILL, resolving once the process is gone. */
  kill(): Promise<void>;
}

/** Starts `ref-server --host 127.0.0.1 --port 0 --log silent ...args` and waits for its URL. */
export function startRefServer(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<RefServerProcess> {
  return startServerProcess(
    [...refServerArgs(), '--host', '127.0.0.1', '--port', '0', '--log', 'silent', ...args],
    env,
  );
}

/**
 * Starts a TypeScript script through tsx that prints `listening on <base URL>` like
 * `ref-server` (a test stand-in, e.g. with a failing disk).
 */
export function startScriptServer(
  script: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<RefServerProcess> {
  return startServerProcess(
    ['--import', 'tsx', '--conditions=@refapi/source', script, ...args],
    env,
  );
}

async function startServerProcess(
  argv: readonly string[],
  env: Record<string, string>,
): Promise<RefServerProcess> {
  const child = spawn(process.execPath, [...argv], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, 'exit');
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(stdout);
      if (match) resolve(match[1] as string);
    });
    void exited.then(() => reject(new Error(`ref-server exited: ${stderr}`)));
  });
  return {
    child,
    baseUrl,
    origin: new URL(baseUrl).origin,
    stderr: () => stderr,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
