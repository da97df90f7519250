import { sha256 } from '../../internal/crypto';
import { mulberry32 } from '../../internal/mulberry32';

/** A deterministic stream of numbers in [0, 1), plus helpers over it. */
export interface SeededRandom {
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

/**
 * The server's PRNG (`internal/mulberry32.ts`) seeded from the SHA-256 of `seed`: the same seed always
 * yields the same stream, which is what makes synthetic telemetry and evidence repeatable.
 */
export function seededRandom(seed: string): SeededRandom {
  const digest = sha256(seed);
  const next = mulberry32(new DataView(digest.buffer, digest.byteOffset, 4).getUint32(0, true));
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
