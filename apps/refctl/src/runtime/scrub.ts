import { redactUrlQueries } from '@refapi/schema/client';
import { maskUrlCredentials } from '../config/mask-url';

/**
 * Replaces every secret in `text` with `[redacted]`, the user name and password of every
 * URL with `***`, and its credential query parameters (`?api_key=`, by the redaction rule
 * the SDK and the reference server share) with `[redacted]`: the last line of defence for
 * keys and base-URL credentials.
 */
export function scrub(text: string, secrets: ReadonlySet<string>): string {
  let out = redactUrlQueries(maskUrlCredentials(text));
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    out = out.replaceAll(secret, '[redacted]');
    // An error code is printed as words (`invalid_api_key` → `invalid api key`): a server
    // that puts the key in its code must not get it past in that form.
    out = out.replaceAll(secret.replaceAll('_', ' '), '[redacted]');
  }
  return out;
}
