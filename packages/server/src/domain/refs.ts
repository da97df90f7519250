// Public references are `REF-<KIND>-<hex>`; order is by the hex value as a number.

// The index of the last `-` in `ref` (-1 when none). A scan from the end: refs are short,
// and `lastIndexOf` is a call into the runtime (sorting and appending compare refs often).
function lastDash(ref: string): number {
  let i = ref.length - 1;
  while (i >= 0 && ref.charCodeAt(i) !== 45) i--;
  return i;
}

/** Where the hex value of `ref` starts: after the last `-` and its leading zeros (one kept). */
const hexStart = (ref: string): number => {
  let start = lastDash(ref) + 1;
  while (start < ref.length - 1 && ref.charCodeAt(start) === 48) start++;
  return start;
};

const hexPart = (ref: string): string => ref.slice(hexStart(ref));

/**
 * The hex value of `ref` when it is below `limit` and written as the allocator writes it (no
 * leading zero, upper-case digits): `REF-SVC-1A` → 26; -1 for any other (`REF-SVC-01A`,
 * `REF-SVC-1a`, a value at or past `limit`, no digits).
 */
export function smallRefValue(ref: string, limit: number): number {
  const first = lastDash(ref) + 1;
  if (first === ref.length || (ref.charCodeAt(first) === 48 && first < ref.length - 1)) return -1;
  let value = 0;
  for (let i = first; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 70 ? code - 55 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
    if (value >= limit) return -1;
  }
  return value;
}

/** The hex digits of `ref` as written (leading zeros kept): `REF-SVC-0A1` → `0A1`. */
export const refDigits = (ref: string): string => ref.slice(lastDash(ref) + 1);

/**
 * Compares two references of one kind by hex value (then by spelling, so `0A` and `A`
 * stay distinct): negative when `a` sorts before `b` ascending. Compares in place, without
 * slicing: a 100k-record load sorts and indexes every reference through here.
 */
export function compareRefs(a: string, b: string): number {
  const startA = hexStart(a);
  const startB = hexStart(b);
  const digits = a.length - startA;
  if (digits !== b.length - startB) return digits - (b.length - startB);
  for (let i = 0; i < digits; i++) {
    const difference = a.charCodeAt(startA + i) - b.charCodeAt(startB + i);
    if (difference !== 0) return difference;
  }
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * Compares references of any kinds: by kind (`REF-ACCT-…` before `REF-SVC-…`), then as
 * {@link compareRefs} does within a kind, by hex value. Due events at one instant are applied
 * in this order (reference spec, section 9: "then ref"), the order every list shows refs in:
 * as text, `REF-SVC-10` had come before `REF-SVC-9`, and taken the balance first.
 */
export function compareAnyRefs(a: string, b: string): number {
  const dashA = lastDash(a);
  const dashB = lastDash(b);
  const kindLength = Math.min(dashA, dashB);
  for (let i = 0; i < kindLength; i++) {
    const difference = a.charCodeAt(i) - b.charCodeAt(i);
    if (difference !== 0) return difference;
  }
  if (dashA !== dashB) return dashA - dashB;
  return compareRefs(a, b);
}

/** The hex value of a reference as a bigint. */
export const refValue = (ref: string): bigint => BigInt(`0x${hexPart(ref)}`);

/** Formats a reference of `kind` (e.g. `INV`) with a numeric value. */
export const formatRef = (kind: string, value: bigint): string =>
  `REF-${kind}-${value.toString(16).toUpperCase()}`;

const HEX_DIGITS = '0123456789ABCDEF';

// `value.toString(16).toUpperCase()` for a safe integer ≥ 0, without the two runtime calls.
function upperHex(value: number): string {
  let hex = '';
  let rest = value;
  do {
    hex = (HEX_DIGITS[rest % 16] as string) + hex;
    rest = Math.floor(rest / 16);
  } while (rest > 0);
  return hex;
}

/** Hands out fresh references per kind, each above every reference seen so far. */
export class RefAllocator {
  // Plain numbers while they are exact (the usual case: bulk generation stays cheap);
  // bigints once a scenario uses references beyond 2^53.
  readonly #next = new Map<string, number | bigint>();

  /** Records an existing reference so later ones sort after it. */
  observe(ref: string): void {
    const dash = lastDash(ref);
    const kind = ref.slice(4, dash);
    const current = this.#next.get(kind) ?? 1;
    // Up to 13 hex digits (52 bits) a number holds the value exactly: no bigint per record.
    if (typeof current === 'number' && ref.length - dash - 1 <= 13) {
      const value = Number.parseInt(ref.slice(dash + 1), 16) + 1;
      if (value > current) this.#next.set(kind, value);
      return;
    }
    const value = refValue(ref) + 1n;
    if (value > BigInt(current)) {
      this.#next.set(kind, value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value);
    }
  }

  /** An allocator that goes on from where this one is, independently. */
  clone(): RefAllocator {
    const copy = new RefAllocator();
    for (const [kind, value] of this.#next) copy.#next.set(kind, value);
    return copy;
  }

  /** A new reference of `kind`, greater than all observed and allocated ones. */
  next(kind: string): string {
    const value = this.#next.get(kind) ?? 1;
    if (typeof value === 'number' && value < Number.MAX_SAFE_INTEGER) {
      this.#next.set(kind, value + 1);
      // One flat string (a template makes a cons string): every record keeps its ref.
      return ['REF-', kind, '-', upperHex(value)].join('');
    }
    const big = BigInt(value);
    this.#next.set(kind, big + 1n);
    return formatRef(kind, big);
  }
}
