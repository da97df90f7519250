import { homedir } from 'node:os';
import { join } from 'node:path';
import { VERSION } from '../version';

/** refctl's cache directory for this version: `$XDG_CACHE_HOME/refctl/<version>` (~/.cache). */
export const cacheDir = (env: NodeJS.ProcessEnv = process.env): string =>
  join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'refctl', VERSION);
