/**
 * Replaces every secret of `secrets` in `text` with `[redacted]` (secrets shorter than 4
 * characters are left alone), also in the form an error code is printed as words
 * (`invalid_api_key` → `invalid api key`). No imports: the command-line parser's error
 * output uses it before any command has loaded the SDK.
 */
export function redactSecrets(text: string, secrets: ReadonlySet<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    out = out.replaceAll(secret, '[redacted]');
    // A server that puts the key in its code must not get it past in that form.
    out = out.replaceAll(secret.replaceAll('_', ' '), '[redacted]');
  }
  return out;
}
