// The digest of a plan: sha256 over its canonical JSON (RFC 8785). A plan holds only JSON
// values (strings, finite numbers, booleans, null, arrays, objects), for which RFC 8785
// is exactly "object keys sorted by UTF-16 code units, everything else as JSON.stringify
// writes it" (ECMAScript number and string serialization are what the RFC prescribes).
// Web Crypto, not node:crypto: the SDK computes it in browsers too.

/** `value` as RFC 8785 canonical JSON (keys sorted, no whitespace); `undefined` members are dropped as JSON.stringify drops them. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.keys(value)
      .sort()
      .flatMap((key) => {
        const member = (value as Record<string, unknown>)[key];
        return member === undefined ? [] : [`${JSON.stringify(key)}:${canonicalJson(member)}`];
      });
    return `{${members.join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new TypeError(`a plan holds only finite numbers, got ${value}`);
  }
  return JSON.stringify(value);
}

/**
 * The `digest` of a plan document: `sha256:` and the hex of sha256 over the canonical JSON
 * of every field but `digest` itself.
 * @example plan.digest === (await planDigest(plan))
 */
export async function planDigest(plan: object): Promise<string> {
  const { digest: _, ...rest } = plan as { digest?: unknown };
  const bytes = new TextEncoder().encode(canonicalJson(rest));
  const hash = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  return `sha256:${Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
