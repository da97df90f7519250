import { maskUrlCredentials } from '../config/mask-url';

/**
 * Replaces every secret in `text` with `[redacted]` and the user name and password of every
 * URL with `***`: the last line of defence for keys and base-URL credentials.
 */
export function scrub(text: string, secrets: ReadonlySet<string>): string {
  let out = maskUrlCredentials(text);
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.replaceAll(secret, '[redacted]');
  }
  return out;
}
