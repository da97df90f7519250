import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

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
