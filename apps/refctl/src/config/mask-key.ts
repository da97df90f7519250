import { API_KEY_PREFIX } from '@refapi/schema/values';

/** An API key as it may be shown: the `refak_` prefix and the last four characters only. */
export function maskKey(key: string): string {
  if (!key.startsWith(API_KEY_PREFIX) || key.length < API_KEY_PREFIX.length + 8) return '****';
  return `${API_KEY_PREFIX}****${key.slice(-4)}`;
}
