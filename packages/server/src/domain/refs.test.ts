import { describe, expect, it } from 'vitest';
import { compareAnyRefs, compareRefs, RefAllocator, refValue } from './refs';

describe('RefAllocator', () => {
  it('allocates above every observed reference, per kind', () => {
    const refs = new RefAllocator();
    refs.observe('REF-INV-FF');
    refs.observe('REF-INV-0A');
    refs.observe('REF-SVC-1');
    expect([refs.next('INV'), refs.next('INV'), refs.next('SVC'), refs.next('ORD')]).toEqual([
      'REF-INV-100',
      'REF-INV-101',
      'REF-SVC-2',
      'REF-ORD-1',
    ]);
  });

  it('writes values in upper-case hex up to the last exact number', () => {
    const refs = new RefAllocator();
    refs.observe('REF-SVC-ABCDE');
    refs.observe('REF-TXN-1FFFFFFFFFFFFD');
    expect([refs.next('SVC'), refs.next('TXN'), refs.next('TXN')]).toEqual([
      'REF-SVC-ABCDF',
      'REF-TXN-1FFFFFFFFFFFFE',
      'REF-TXN-1FFFFFFFFFFFFF',
    ]);
  });

  it('keeps exact order beyond 2^53', () => {
    const refs = new RefAllocator();
    refs.observe('REF-INV-1FFFFFFFFFFFFF');
    const next = refs.next('INV');
    expect(next).toBe('REF-INV-20000000000000');
    expect(refValue(refs.next('INV'))).toBe(refValue(next) + 1n);
    expect(compareRefs(next, 'REF-INV-1FFFFFFFFFFFFF')).toBeGreaterThan(0);
  });

  it('reads a value padded with leading zeros past 13 digits exactly', () => {
    const refs = new RefAllocator();
    refs.observe('REF-INV-00000000000000FF');
    refs.observe('REF-INV-1F');
    expect(refs.next('INV')).toBe('REF-INV-100');
  });
});

describe('compareRefs', () => {
  it('orders by hex value, then by spelling', () => {
    const refs = ['REF-INV-10', 'REF-INV-A', 'REF-INV-B', 'REF-INV-0A', 'REF-INV-9', 'REF-INV-0'];
    expect(refs.sort(compareRefs)).toEqual([
      'REF-INV-0',
      'REF-INV-9',
      'REF-INV-0A',
      'REF-INV-A',
      'REF-INV-B',
      'REF-INV-10',
    ]);
    expect(compareRefs('REF-INV-FF', 'REF-INV-FF')).toBe(0);
  });
});

describe('compareAnyRefs', () => {
  it('orders by kind, then by hex value within a kind', () => {
    const refs = [
      'REF-SVC-10',
      'REF-SVC-A',
      'REF-ACCT-1F',
      'REF-SVC-9',
      'REF-ACCT-2',
      'REF-SVC-010',
    ];
    expect(refs.sort(compareAnyRefs)).toEqual([
      'REF-ACCT-2',
      'REF-ACCT-1F',
      'REF-SVC-9',
      'REF-SVC-A',
      'REF-SVC-010',
      'REF-SVC-10',
    ]);
  });
});
