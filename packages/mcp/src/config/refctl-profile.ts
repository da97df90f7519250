import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../cli/usage-error';

// The part of refctl's config file this server reads (refctl owns the format; see
// apps/refctl/src/config/config-file.ts). Unknown fields are ignored so a newer refctl
// never breaks an older refapi-mcp.
const RefctlConfig = z.object({
  current_profile: z.string().optional(),
  profiles: z
    .record(
      z.string(),
      z.object({ base_url: z.string().optional(), api_key: z.string().optional() }),
    )
    .default({}),
});

/** A refctl profile's connection settings. */
export interface RefctlProfile {
  readonly name: string;
  readonly baseUrl: string | undefined;
  readonly apiKey: string | undefined;
}

/** `$XDG_CONFIG_HOME/refctl/config.json`, else `~/.config/refctl/config.json`, as refctl. */
function refctlConfigPath(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg?.startsWith('/') ? xdg : join(env.HOME || homedir(), '.config');
  return join(base, 'refctl', 'config.json');
}

/**
 * The refctl profile to use: `--profile`, then `REF_PROFILE`, then the config's current
 * profile; undefined when none is set. A named profile that does not exist is an error.
 */
export async function readRefctlProfile(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<RefctlProfile | undefined> {
  const path = refctlConfigPath(env);
  let text: string | undefined;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new UsageError(`cannot read the refctl config ${path}`);
    }
  }
  let config: z.infer<typeof RefctlConfig> = { profiles: {} };
  if (text !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UsageError(`the refctl config ${path} is not valid JSON`);
    }
    const parsed = RefctlConfig.safeParse(json);
    if (!parsed.success) throw new UsageError(`the refctl config ${path} is invalid`);
    config = parsed.data;
  }
  const chosen = flag ?? (env.REF_PROFILE || undefined);
  const name = chosen ?? config.current_profile;
  if (name === undefined) return undefined;
  const profile = config.profiles[name];
  if (profile === undefined) {
    if (chosen === undefined) return undefined;
    throw new UsageError(`refctl profile "${name}" does not exist in ${path}`);
  }
  return { name, baseUrl: profile.base_url, apiKey: profile.api_key };
}
