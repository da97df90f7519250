import { API_KEY_PREFIX, SCOPES, type Scope } from '@refapi/schema';
import { constantTimeEqualText, sha256Hex } from '../internal/crypto';
import { createIpAllowList, type IpAllowList } from './ip-allow-list';

/** An API key as a scenario declares it. */
export interface ApiKeySpec {
  readonly token: string;
  readonly scopes: readonly string[];
  readonly allowed_ips: readonly string[];
}

/** The identity behind a valid key; never holds the token itself. */
export interface AuthenticatedKey {
  /** Stable, non-secret identifier of the key (for rate limiting and logs). */
  readonly id: string;
  readonly accountRef: string;
  readonly scopes: ReadonlySet<Scope>;
  readonly allowList: IpAllowList;
}

interface KeyEntry extends AuthenticatedKey {
  /** Hex SHA-256 of the token: keys are kept as digests, never as tokens. */
  readonly digest: string;
}

/** Extracts the token of an `Authorization: Bearer <token>` header. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1] : undefined;
}

/** Expands `*` into all ten scopes and drops unknown names. */
export function expandScopes(scopes: readonly string[]): ReadonlySet<Scope> {
  if (scopes.includes('*')) return new Set(SCOPES);
  return new Set(SCOPES.filter((scope) => scopes.includes(scope)));
}

/** Resolves bearer tokens to keys. Lookups compare SHA-256 digests in constant time. */
export class KeyRing {
  readonly #byDigest = new Map<string, KeyEntry>();

  /** Adds the keys of one account. */
  add(accountRef: string, keys: readonly ApiKeySpec[]): void {
    for (const key of keys) {
      const digest = sha256Hex(key.token);
      this.#byDigest.set(digest, {
        id: `key_${digest.slice(0, 16)}`,
        accountRef,
        scopes: expandScopes(key.scopes),
        allowList: createIpAllowList(key.allowed_ips),
        digest,
      });
    }
  }

  /** The key a token belongs to, or undefined. */
  authenticate(token: string | undefined): AuthenticatedKey | undefined {
    if (token === undefined || !token.startsWith(API_KEY_PREFIX)) return undefined;
    const presented = sha256Hex(token);
    // The map is keyed by the digest, so lookup timing depends on a hash the caller cannot
    // steer towards a real key; the final comparison is constant-time regardless.
    const entry = this.#byDigest.get(presented);
    if (entry === undefined || !constantTimeEqualText(entry.digest, presented)) return undefined;
    return entry;
  }
}

/** Constant-time equality of two secrets of any length (compares their SHA-256 digests). */
export function secretsEqual(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  return constantTimeEqualText(sha256Hex(presented), sha256Hex(expected));
}
