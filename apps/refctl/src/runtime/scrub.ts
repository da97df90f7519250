/** Replaces every secret in `text` with `[redacted]`: the last line of defence for keys. */
export function scrub(text: string, secrets: ReadonlySet<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.replaceAll(secret, '[redacted]');
  }
  return out;
}
