import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The built refctl of this workspace (the `refctl` devDependency). */
export const REFCTL_BIN = join(
  dirname(createRequire(import.meta.url).resolve('refctl/package.json')),
  'dist',
  'refctl.cjs',
);
