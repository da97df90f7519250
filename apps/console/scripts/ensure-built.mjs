// Builds the console into packages/server/console when it is missing or older than its
// sources, so `pnpm start` (server from sources, no build step) serves a current console.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where `vite build` writes the console (ref-server serves it at /__console/). */
export const CONSOLE_DIR = join(root, '..', '..', 'packages', 'server', 'console');
const inputs = [join(root, 'src'), join(root, 'index.html'), join(root, 'vite.config.ts')];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Whether the built console is missing or older than a source file. */
export function consoleIsStale() {
  const index = join(CONSOLE_DIR, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  return inputs.some((input) => existsSync(input) && newestMtime(input) > built);
}

/** Runs `vite build` when {@link consoleIsStale}; returns whether it built. */
export function ensureConsoleBuilt() {
  if (!consoleIsStale()) return false;
  process.stderr.write('console: building apps/console (once, a few seconds)…\n');
  execFileSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureConsoleBuilt();
