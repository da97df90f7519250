import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getRawAsset, isSea } from 'node:sea';
import { cacheDir } from './cache-dir';

// What differs when refctl runs as the single executable (`pnpm build:binary`): it carries
// no node_modules, and its main script can import nothing but node's built-ins.

/** Whether this process is the refctl executable rather than refctl from npm. */
export const inBinary = (): boolean => isSea();

/**
 * jq-web's entry file, written from the executable's assets on the first `--jq` (to the
 * user's cache directory, once per version): the jq worker loads jq-web from a file.
 */
export function binaryJqWeb(env: NodeJS.ProcessEnv = process.env): string {
  const dir = join(cacheDir(env), 'jq-web');
  const entry = join(dir, 'jq.js');
  if (existsSync(entry)) return entry;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // The entry last, each file renamed into place whole: a run that finds jq.js finds the rest,
  // also when two runs write at once.
  for (const name of ['jq.wasm', 'LICENSE', 'jq.js']) {
    const partial = join(dir, `.${name}.${process.pid}`);
    writeFileSync(partial, new Uint8Array(getRawAsset(`jq-web/${name}`)));
    renameSync(partial, join(dir, name));
  }
  return entry;
}
