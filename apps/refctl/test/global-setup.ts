import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
/** Where the e2e tests run the build from (see below); inside node_modules so ink resolves. */
const E2E_DIST = join(root, 'node_modules', '.cache', 'refctl-e2e');
const packages = join(root, '..', '..', 'packages');
const sources = [join(root, 'src'), join(packages, 'sdk', 'src'), join(packages, 'schema', 'src')];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds dist/ when it is missing or older than the sources it bundles (and the dist of
 * @refapi/server, which `server start` loads), then snapshots it:
 * a `pnpm build` running elsewhere in the workspace (it cleans dist/) cannot pull the
 * binary away from under a test that is spawning it.
 */
export default function setup(): void {
  const bin = join(dist, 'refctl.cjs');
  const built = existsSync(bin) ? statSync(bin).mtimeMs : 0;
  if (sources.some((dir) => existsSync(dir) && newestMtime(dir) > built)) {
    execFileSync('pnpm', ['exec', 'tsup'], { cwd: root, stdio: 'inherit' });
  }
  // `server start` loads the built @refapi/server (not bundled), which loads the built schema.
  for (const name of ['schema', 'server']) {
    const dir = join(packages, name);
    const entry = join(dir, 'dist', name === 'server' ? 'cli.js' : 'index.js');
    const entryBuilt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
    if (newestMtime(join(dir, 'src')) > entryBuilt) {
      execFileSync('pnpm', ['exec', 'tsup'], { cwd: dir, stdio: 'inherit' });
    }
  }
  rmSync(E2E_DIST, { recursive: true, force: true });
  // Not the executable (dist/sea, 116 MB): test/binary.test.ts runs it where it is built.
  cpSync(dist, E2E_DIST, { recursive: true, filter: (path) => path !== join(dist, 'sea') });
}
