import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Io } from '../io/io';

/** `$XDG_CONFIG_HOME/refctl/config.json`, else `~/.config/refctl/config.json`. */
export function configFilePath(env: Io['env']): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg?.startsWith('/') ? xdg : join(env.HOME || homedir(), '.config');
  return join(base, 'refctl', 'config.json');
}
