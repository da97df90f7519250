// Public references are `REF-<KIND>-<hex>`; order is by the hex value as a number.

const hexPart = (ref: string): string => {
  const digits = ref.slice(ref.lastIndexOf('-') + 1);
  let start = 0;
  while (start < digits.length - 1 && digits[start] === '0') start++;
  return digits.slice(start);
};

/**
 * Compares two references of one kind by hex value (then by spelling, so `0A` and `A`
 * stay distinct): negative when `a` sorts before `b` ascending.
 */
export function compareRefs(a: string, b: string): number {
  const ha = hexPart(a);
  const hb = hexPart(b);
  if (ha.length !== hb.length) return ha.length - hb.length;
  if (ha !== hb) return ha < hb ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** The hex value of a reference as a bigint. */
export const refValue = (ref: string): bigint => BigInt(`0x${hexPart(ref)}`);

/** Formats a reference of `kind` (e.g. `INV`) with a numeric value. */
const formatRef = (kind: string, value: bigint): string =>
  `REF-${kind}-${value.toString(16).toUpperCase()}`;

/** Hands out fresh references per kind, each above every reference seen so far. */
export class RefAllocator {
  // Plain numbers while they are exact (the usual case: bulk generation stays cheap);
  // bigints once a scenario uses references beyond 2^53.
  readonly #next = new Map<string, number | bigint>();

  /** Records an existing reference so later ones sort after it. */
  observe(ref: string): void {
    const kind = ref.slice(4, ref.lastIndexOf('-'));
    const value = refValue(ref) + 1n;
    const current = BigInt(this.#next.get(kind) ?? 1);
    if (value > current) {
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
      return `REF-${kind}-${value.toString(16).toUpperCase()}`;
    }
    const big = BigInt(value);
    this.#next.set(kind, big + 1n);
    return formatRef(kind, big);
  }
}
