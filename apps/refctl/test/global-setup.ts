import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'dist', 'refctl.js');
const sources = [
  join(root, 'src'),
  join(root, '..', '..', 'packages', 'sdk', 'src'),
  join(root, '..', '..', 'packages', 'schema', 'src'),
];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/refctl.js when it is missing or older than the sources it bundles. */
export default function setup(): void {
  const built = existsSync(bin) ? statSync(bin).mtimeMs : 0;
  const stale = sources.some((dir) => existsSync(dir) && newestMtime(dir) > built);
  if (stale) execFileSync('pnpm', ['exec', 'tsup'], { cwd: root, stdio: 'inherit' });
}
