import { base64UrlEncode } from '../internal/base64url';
import { randomBytes, sha256Hex } from '../internal/crypto';

/** How long a sign-in code stays valid: the start banner's link works for 10 minutes. */
export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
/** Codes kept at once; the oldest is dropped beyond it (one per start, a few by hand). */
export const MAX_SIGN_IN_CODES = 32;

/** What became of a code presented at sign-in. */
export type Redemption = 'signed_in' | 'used' | 'expired' | 'unknown';

/** A code issued for the console's sign-in link. */
export interface IssuedCode {
  readonly code: string;
  /** Epoch ms (real time, not the server clock: moving that must not revive a code). */
  readonly expiresAt: number;
}

interface CodeRecord {
  readonly expiresAt: number;
  used: boolean;
}

/**
 * One-time sign-in codes of the console (`/__console/?code=…`): each opens one session,
 * once, within {@link SIGN_IN_CODE_TTL_MS}. Only SHA-256 digests are kept, in a map bounded
 * by {@link MAX_SIGN_IN_CODES}; a used code stays until it expires, so a second use is told
 * "used" rather than "unknown".
 */
export class SignInCodes {
  readonly #records = new Map<string, CodeRecord>();
  readonly #now: () => number;

  /** `now` is the real-time clock in epoch ms (tests inject their own). */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** A new code, valid for {@link SIGN_IN_CODE_TTL_MS} from now. */
  issue(): IssuedCode {
    const now = this.#now();
    this.#prune(now);
    while (this.#records.size >= MAX_SIGN_IN_CODES) {
      this.#records.delete(this.#records.keys().next().value as string);
    }
    const code = base64UrlEncode(randomBytes(24));
    const expiresAt = now + SIGN_IN_CODE_TTL_MS;
    this.#records.set(sha256Hex(code), { expiresAt, used: false });
    return { code, expiresAt };
  }

  /** Uses `code` up: `signed_in` the first time within its validity, else why not. */
  redeem(code: string): Redemption {
    const now = this.#now();
    const digest = sha256Hex(code);
    const record = this.#records.get(digest);
    if (record === undefined) return 'unknown';
    if (now >= record.expiresAt) {
      this.#records.delete(digest);
      return 'expired';
    }
    if (record.used) return 'used';
    record.used = true;
    return 'signed_in';
  }

  /** Codes held now (expired ones included until the next issue). */
  get size(): number {
    return this.#records.size;
  }

  #prune(now: number): void {
    for (const [digest, record] of this.#records) {
      if (now >= record.expiresAt) this.#records.delete(digest);
    }
  }
}
