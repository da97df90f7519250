import { UsageError } from '../cli/usage-error';
import { readRefctlProfile } from './refctl-profile';

/** Where the API is and which key to use; `source` says where the key came from. */
export interface ConnectionSettings {
  readonly apiKey: string;
  readonly baseUrl: string | undefined;
  readonly keySource: string;
}

/**
 * Resolves the key and base URL like refctl: the environment (`REF_API_KEY`,
 * `REF_BASE_URL`) first, then the refctl profile (`--profile`, `REF_PROFILE`, or the
 * current one). The base URL defaults to the SDK's.
 */
export async function resolveSettings(
  profileFlag: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<ConnectionSettings> {
  const profile = await readRefctlProfile(profileFlag, env);
  const envKey = env.REF_API_KEY || undefined;
  const apiKey = envKey ?? profile?.apiKey;
  if (apiKey === undefined) {
    throw new UsageError(
      'no API key: set REF_API_KEY, pass --profile <refctl profile>, or try --sandbox',
    );
  }
  return {
    apiKey,
    baseUrl: env.REF_BASE_URL || profile?.baseUrl,
    keySource: envKey ? 'REF_API_KEY' : `refctl profile ${profile?.name}`,
  };
}
