import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = ['mcp', 'sdk', 'schema', 'server'].map((name) => join(root, '..', name, 'src'));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Rebuilds dist/bin.js when it is missing or older than the sources it bundles. */
export default function setup(): void {
  const bin = join(root, 'dist', 'bin.js');
  const built = existsSync(bin) ? statSync(bin).mtimeMs : 0;
  if (sources.some((dir) => existsSync(dir) && newestMtime(dir) > built)) {
    execFileSync('pnpm', ['exec', 'tsup'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, REFAPI_MCP_BIN_ONLY: '1' },
    });
  }
}
