import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo';

describe('boundedMemo', () => {
  it('computes each key once, and past `max` keys still answers without keeping', () => {
    const asked: string[] = [];
    const length = boundedMemo((key: string) => {
      asked.push(key);
      return key.length;
    }, 2);
    expect([length('a'), length('bb'), length('a'), length('bb')]).toEqual([1, 2, 1, 2]);
    expect(asked).toEqual(['a', 'bb']);
    expect([length('ccc'), length('ccc')]).toEqual([3, 3]);
    expect(asked).toEqual(['a', 'bb', 'ccc', 'ccc']);
  });

  it('keeps false answers too', () => {
    let calls = 0;
    const never = boundedMemo((_key: string) => {
      calls++;
      return false;
    }, 4);
    expect([never('x'), never('x')]).toEqual([false, false]);
    expect(calls).toBe(1);
  });
});
