import { describe, expect, it } from 'vitest';
import { applyKeyedList, diffKeyedList } from './keyed-list-diff';

interface Item {
  readonly id: string;
  readonly n: number;
}
const key = (item: Item) => item.id;
const a = { id: 'a', n: 1 };
const b = { id: 'b', n: 2 };
const c = { id: 'c', n: 3 };

describe('keyed list diff', () => {
  it('is undefined for the same items in the same order', () => {
    expect(diffKeyedList([a, b], [a, b], key)).toBeUndefined();
  });

  it('carries only changed, new and removed items, and replays to the same list', () => {
    const b2 = { id: 'b', n: 20 };
    const next = [b2, c];
    const diff = diffKeyedList([a, b], next, key);
    expect(diff).toEqual({ upsert: [b2, c], remove: ['a'] });
    expect(applyKeyedList([a, b], diff ?? {}, key)).toEqual(next);
  });

  it('adds the order when an existing item moved', () => {
    const a2 = { id: 'a', n: 10 };
    const next = [b, c, a2];
    const diff = diffKeyedList([a, b, c], next, key);
    expect(diff?.order).toEqual(['b', 'c', 'a']);
    expect(applyKeyedList([a, b, c], diff ?? {}, key)).toEqual(next);
  });

  it('refuses an order naming a missing key', () => {
    expect(() => applyKeyedList([a], { order: ['z'] }, key)).toThrow(/unknown key z/);
  });
});
