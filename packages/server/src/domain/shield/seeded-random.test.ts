import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';

const take = (seed: string, n: number) => {
  const rng = seededRandom(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe('seededRandom', () => {
  it('repeats the same stream for the same seed and differs for another seed', () => {
    expect(take('svc|1', 20)).toEqual(take('svc|1', 20));
    expect(take('svc|1', 20)).not.toEqual(take('svc|2', 20));
  });

  it('stays in [0, 1) and int() stays within its inclusive bounds', () => {
    const rng = seededRandom('bounds');
    const ints = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const x = rng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      ints.add(rng.int(3, 5));
    }
    expect([...ints].sort()).toEqual([3, 4, 5]);
  });

  it('pick() refuses an empty list instead of returning undefined', () => {
    expect(() => seededRandom('x').pick([])).toThrow(RangeError);
  });
});
