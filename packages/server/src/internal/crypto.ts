import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { nodeBuiltin } from './node-builtin';

// Platform-neutral crypto: the reference server also runs in browsers (msw's setupWorker),
// so nothing on its request path may import node:crypto. Hashing is synchronous (noble, or
// the runtime's native SHA-256 when it has one); randomness comes from Web Crypto, which
// Node, Bun, Deno and browsers all provide.

const encoder = new TextEncoder();
const toBytes = (data: string | Uint8Array): Uint8Array =>
  typeof data === 'string' ? encoder.encode(data) : data;

interface NativeCrypto {
  createHash(algorithm: 'sha256'): {
    update(data: string | Uint8Array): { digest(): Uint8Array; digest(encoding: 'hex'): string };
  };
  /** One-shot hashing (Node ≥ 21.7, not every runtime): no Hash object per call. */
  hash?: (algorithm: 'sha256', data: string | Uint8Array, encoding: 'hex') => string;
}

// Node's own SHA-256 where the runtime has one (Node, Bun, Deno), found without an import a
// browser bundle could not resolve: native hashing is several times noble's, and every API
// request hashes its key (and every idempotent write its fingerprint).
const native = nodeBuiltin<NativeCrypto>('node:crypto');

/** SHA-256 of UTF-8 text or bytes (noble's, where the runtime has no native one). */
export function sha256(data: string | Uint8Array): Uint8Array {
  if (native === undefined) return nobleSha256(toBytes(data));
  const digest = native.createHash('sha256').update(data).digest();
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.byteLength);
}

/**
 * Lower-case hex SHA-256 of UTF-8 text or bytes: the digest every key lookup, fingerprint
 * and session check keys its map by, in one native call where the runtime has one.
 */
export function sha256Hex(data: string | Uint8Array): string {
  if (native === undefined) return toHex(nobleSha256(toBytes(data)));
  if (native.hash !== undefined) return native.hash('sha256', data, 'hex');
  return native.createHash('sha256').update(data).digest('hex');
}

/** SHA-256 by noble alone: what {@link sha256} answers in a browser. */
export function portableSha256(data: string | Uint8Array): Uint8Array {
  return nobleSha256(toBytes(data));
}

/** HMAC-SHA256 of UTF-8 text or bytes under `key`. */
export function hmacSha256(key: Uint8Array, data: string | Uint8Array): Uint8Array {
  return hmac(nobleSha256, key, toBytes(data));
}

const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  // Joined, not appended: `+=` leaves a rope of ~30 string pieces, and idempotency keeps
  // one fingerprint per write for 24 h: young-generation GC copied each rope whole.
  const pairs = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i++) pairs[i] = HEX_BYTES[bytes[i] as number] as string;
  return pairs.join('');
}

/** {@link constantTimeEqual} for two strings of code units (hex digests, tokens). */
export function constantTimeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Cryptographically random bytes. */
export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** A random (version 4) UUID. */
export function randomUUID(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Equality of two byte strings in time that depends only on their lengths: callers
 * compare fixed-length digests or MACs, so the length itself reveals nothing.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}
