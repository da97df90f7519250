import { UsageError } from '../errors/cli-error';
import type { Io } from '../io/io';
import { type ConfigFile, savedProfile } from './config-file';
import { hasUrlCredentials, maskUrlCredentials } from './mask-url';

/** Where the reference server listens when started with `pnpm start` or `refctl server start`. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010/v1';

/** Where a resolved setting came from, for `refctl config show` and `--debug`. */
export type SettingSource = 'flag' | 'env' | 'profile' | 'config' | 'default' | 'none';

/** The connection settings of one invocation. */
export interface Settings {
  readonly profile: string | undefined;
  readonly profileSource: SettingSource;
  readonly baseUrl: string;
  readonly baseUrlSource: SettingSource;
  readonly apiKey: string | undefined;
  readonly apiKeySource: SettingSource;
}

/** The connection flags (`--profile`, `--base-url`). */
export interface SettingFlags {
  readonly profile?: string | undefined;
  readonly baseUrl?: string | undefined;
}

/**
 * Resolves each setting as flag > environment > profile > default:
 * - profile: `--profile`, `REF_PROFILE`, the config's current profile;
 * - base URL: `--base-url`, `REF_BASE_URL`, the profile's `base_url`, {@link DEFAULT_BASE_URL};
 * - API key: `REF_API_KEY`, the profile's `api_key` (no flag: argv leaks into `ps` and history).
 */
export function resolveSettings(flags: SettingFlags, env: Io['env'], config: ConfigFile): Settings {
  const [profile, profileSource] = pick<string>([
    [flags.profile, 'flag'],
    [env.REF_PROFILE, 'env'],
    [config.current_profile, 'config'],
  ]);
  const stored = profile === undefined ? undefined : savedProfile(config, profile);
  if (profile !== undefined && stored === undefined && profileSource !== 'config') {
    const from = profileSource === 'flag' ? '--profile' : 'REF_PROFILE';
    throw new UsageError(
      `profile "${profile}" (from ${from}) does not exist; see: refctl config list`,
    );
  }
  const [baseUrl, baseUrlSource] = pick<string>([
    [flags.baseUrl, 'flag'],
    [env.REF_BASE_URL, 'env'],
    [stored?.base_url, 'profile'],
    [DEFAULT_BASE_URL, 'default'],
  ]);
  const [apiKey, apiKeySource] = pick<string>([
    [env.REF_API_KEY, 'env'],
    [stored?.api_key, 'profile'],
  ]);
  return {
    profile: stored === undefined ? undefined : profile,
    profileSource: stored === undefined ? 'none' : profileSource,
    baseUrl: checkBaseUrl(baseUrl!, baseUrlSource),
    baseUrlSource,
    apiKey,
    apiKeySource,
  };
}

/**
 * The settings that make the config file unneeded, named for a message (`REF_API_KEY and
 * REF_BASE_URL`), or undefined when it may be needed: the key from REF_API_KEY, the base URL
 * from `--base-url` or REF_BASE_URL, and no profile named by `--profile` or REF_PROFILE (a
 * profile named must be found in the file, as {@link resolveSettings} checks).
 */
export function settingsBesideFile(flags: SettingFlags, env: Io['env']): string | undefined {
  if (!env.REF_API_KEY || flags.profile !== undefined || env.REF_PROFILE) return undefined;
  const baseUrl = flags.baseUrl ? '--base-url' : env.REF_BASE_URL ? 'REF_BASE_URL' : undefined;
  return baseUrl === undefined ? undefined : `REF_API_KEY and ${baseUrl}`;
}

// First defined, non-empty candidate wins.
function pick<T>(candidates: [T | undefined, SettingSource][]): [T | undefined, SettingSource] {
  for (const [value, source] of candidates) {
    if (value !== undefined && value !== '') return [value, source];
  }
  return [undefined, 'none'];
}

/** Accepts http(s) URLs only; the message names the source so the user knows what to fix. */
export function checkBaseUrl(url: string, source: SettingSource): string {
  // A message quotes the URL, never its credentials.
  const shown = maskUrlCredentials(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`base URL "${shown}" (from ${source}) is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`base URL "${shown}" (from ${source}) must use http or https`);
  }
  if (hasUrlCredentials(parsed)) {
    // fetch refuses such URLs, and the API authenticates with the API key alone.
    throw new UsageError(
      `base URL "${shown}" (from ${source}) must not contain a user name or password; the API key authenticates (REF_API_KEY)`,
    );
  }
  return url.replace(/\/+$/, '');
}
