import { sha256 } from '../../internal/crypto';

/** A deterministic stream of numbers in [0, 1), plus helpers over it. */
export interface SeededRandom {
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/**
 * A small PRNG (mulberry32) seeded from the SHA-256 of `seed`: the same seed always
 * yields the same stream, which is what makes synthetic telemetry and evidence repeatable.
 */
export function seededRandom(seed: string): SeededRandom {
  const digest = sha256(seed);
  let state = new DataView(digest.buffer, digest.byteOffset, 4).getUint32(0, true);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick() needs at least one item');
      return item;
    },
  };
}
