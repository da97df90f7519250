/**
 * Replaces every secret in a JSON-serializable value. The API key never reaches a tool
 * result by construction (the SDK keeps it in its transport); this is the second lock.
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const live = secrets.filter((s) => s.length >= 8);
  if (live.length === 0) return value;
  let text = JSON.stringify(value);
  let found = false;
  for (const secret of live) {
    if (text.includes(secret)) {
      found = true;
      text = text.split(secret).join('[redacted]');
    }
  }
  return found ? (JSON.parse(text) as T) : value;
}
