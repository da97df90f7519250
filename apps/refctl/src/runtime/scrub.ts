import { redactUrlQueries } from '@refapi/schema/client';
import { maskUrlCredentials } from '../config/mask-url';
import { redactSecrets } from './redact-secrets';

/**
 * Replaces every secret in `text` with `[redacted]`, the user name and password of every
 * URL with `***`, and its credential query parameters (`?api_key=`, by the redaction rule
 * the SDK and the reference server share) with `[redacted]`: the last line of defence for
 * keys and base-URL credentials.
 */
export function scrub(text: string, secrets: ReadonlySet<string>): string {
  return redactSecrets(redactUrlQueries(maskUrlCredentials(text)), secrets);
}
