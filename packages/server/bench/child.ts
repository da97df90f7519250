import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCES = fileURLToPath(new URL('../src/', import.meta.url));
const BUILT = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/**
 * Refuses to measure a build older than the sources: the children import `dist`, and a
 * stale one measures code that is no longer there (`pnpm bench` at the root builds first;
 * `pnpm --filter @refapi/server bench` does not).
 */
let buildChecked = false;
function assertBuildIsCurrent(): void {
  // Once per bench run: the sources do not change under it.
  if (buildChecked) return;
  let builtMs = 0;
  try {
    builtMs = statSync(BUILT).mtimeMs;
  } catch {
    // No build at all: refused below like a stale one.
  }
  const stale = readdirSync(SOURCES, { recursive: true, encoding: 'utf8' }).find(
    (file) =>
      file.endsWith('.ts') &&
      !file.endsWith('.test.ts') &&
      statSync(join(SOURCES, file)).mtimeMs > builtMs,
  );
  if (stale !== undefined) {
    throw new Error(
      `packages/server/dist is older than src/${stale}: run \`pnpm build\` first (the root \`pnpm bench\` does)`,
    );
  }
  buildChecked = true;
}

/**
 * Runs a bench script in a child process against the built server (dist, as `pnpm bench`
 * builds it first), as `ref-server` runs for its users: from sources under tsx, every
 * closure also pays the `__name` wrapper tsx adds. Resolves to the child and the JSON of
 * the first line it prints.
 */
export async function spawnBench<T>(
  script: URL,
  args: string[],
): Promise<{ child: ChildProcess; first: T }> {
  assertBuildIsCurrent();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return { child, first: JSON.parse(line.toString()) as T };
}

/** Starts `http-server.ts` in `args` mode; resolves to its port, process id and a stop function. */
export async function startBenchServer(args: string[]) {
  const server = new URL('./http-server.ts', import.meta.url);
  const { child, first } = await spawnBench<{ port: number; adminToken?: string }>(server, args);
  return {
    port: first.port,
    pid: child.pid,
    adminToken: first.adminToken,
    stop: () => child.kill('SIGTERM'),
  };
}
