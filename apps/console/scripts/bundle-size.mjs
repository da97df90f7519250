// Gzipped size of the built console's JS and CSS (the budget is checked at build and in tests).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budget for JS and CSS together, gzipped. */
export const BUDGET_BYTES = 250 * 1024;

/** Gzipped bytes per asset and in total of `dir/assets/*.{js,css}`. */
export function bundleSize(dir) {
  const assets = join(dir, 'assets');
  const files = readdirSync(assets).filter((name) => /\.(js|css)$/.test(name));
  const sizes = files.map((name) => ({
    name,
    gzip: gzipSync(readFileSync(join(assets, name)), { level: 9 }).length,
  }));
  return { files: sizes, total: sizes.reduce((sum, file) => sum + file.gzip, 0) };
}
