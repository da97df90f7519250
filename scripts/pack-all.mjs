#!/usr/bin/env node
// `pnpm pack:all [dir]`: the published packages as tarballs, for projects outside this
// repository until they are on the npm registry. Packs every publishable package with
// `pnpm pack` (workspace:* becomes the real version, publishConfig applies) into `dir`
// (default ./packs); install them together, since they depend on each other:
//   npm install /path/to/refapi/packs/*.tgz msw@3
// Run after `pnpm build`. `pnpm test:pack` installs exactly these tarballs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The workspace packages that are published: not private, under packages/ and apps/. */
export function publishable() {
  return ['packages', 'apps'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .map((name) => join(root, dir, name))
      .filter((path) => existsSync(join(path, 'package.json')))
      .filter(
        (path) => JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')).private !== true,
      ),
  );
}

/** Packs every publishable package into `destination` (emptied first); returns the tarballs. */
export function packAll(destination) {
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  for (const dir of publishable()) {
    if (!existsSync(join(dir, 'dist'))) {
      throw new Error(`${relative(root, dir)} has no dist/: run pnpm build first`);
    }
    execFileSync('pnpm', ['pack', '--pack-destination', destination], { cwd: dir, stdio: 'pipe' });
  }
  return readdirSync(destination).map((file) => join(destination, file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const destination = resolve(process.argv[2] ?? join(root, 'packs'));
  try {
    const tarballs = packAll(destination);
    console.log(`packed ${tarballs.length} into ${destination}:`);
    for (const file of tarballs) console.log(`  ${relative(destination, file)}`);
    console.log(`install them together: npm install ${join(destination, '*.tgz')} msw@3`);
  } catch (error) {
    console.error(`pack:all: ${error.message}`);
    process.exit(1);
  }
}
