import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where `vite build` writes the console (served by ref-server at /__console/). */
export const CONSOLE_DIR = join(root, '..', '..', 'packages', 'server', 'console');
const inputs = [join(root, 'src'), join(root, 'index.html'), join(root, 'vite.config.ts')];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Builds the console when it is missing or older than its sources (e2e tests load it). */
export default function setup(): void {
  const index = join(CONSOLE_DIR, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  if (inputs.some((input) => existsSync(input) && newestMtime(input) > built)) {
    execFileSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
}
