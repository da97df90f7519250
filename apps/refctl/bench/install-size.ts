// What `npm install refctl` costs a user: packs refctl as published (`pnpm pack`), installs
// that tarball alone with npm into an empty temporary project (third-party packages from the
// registry), and prints the packages and bytes installed beside the targets (≤ 15 packages,
// ≤ 15 MB). A figure, not a test: run with `pnpm bench`.
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TARGET_PACKAGES = 15;
const TARGET_BYTES = 15 * 1024 * 1024;

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'refctl-install-'));

function du(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + du(join(path, name)), 0);
}

try {
  execFileSync('pnpm', ['pack', '--pack-destination', work], { cwd: root, stdio: 'pipe' });
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('pnpm pack wrote no tarball');
  const project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{"name":"install-size","private":true}');
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', join(work, tarball)],
    { cwd: project, stdio: 'pipe' },
  );
  // Every installed package (refctl included), from npm's own lockfile.
  const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  const packages = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/'));
  const bytes = du(join(project, 'node_modules'));
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
  console.log('npm install of the packed refctl tarball alone');
  console.log(
    `  packages  ${String(packages.length).padStart(6)}   ${verdict(packages.length <= TARGET_PACKAGES)} (target ≤ ${TARGET_PACKAGES})`,
  );
  console.log(
    `  bytes     ${mb(bytes).padStart(9)}   ${verdict(bytes <= TARGET_BYTES)} (target ≤ ${mb(TARGET_BYTES)})`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
