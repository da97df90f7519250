import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

// Platform-neutral crypto: the reference server also runs in browsers (msw's setupWorker),
// so nothing on its request path may import node:crypto. Hashing is synchronous (noble);
// randomness comes from Web Crypto, which Node, Bun, Deno and browsers all provide.

const encoder = new TextEncoder();
const toBytes = (data: string | Uint8Array): Uint8Array =>
  typeof data === 'string' ? encoder.encode(data) : data;

/** SHA-256 of UTF-8 text or bytes. */
export function sha256(data: string | Uint8Array): Uint8Array {
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
