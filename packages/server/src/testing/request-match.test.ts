import { describe, expect, it } from 'vitest';
import { containsSubset, parseJsonBody, queryContains } from './request-match';

describe('containsSubset', () => {
  it('matches objects by the keys expected, at any depth', () => {
    const body = { type: 'kvm', plan_code: 'kvm-s', options: { ip: 1, region: 'x' } };
    expect(containsSubset(body, { type: 'kvm' })).toBe(true);
    expect(containsSubset(body, { options: { ip: 1 } })).toBe(true);
    expect(containsSubset(body, { type: 'vps' })).toBe(false);
    expect(containsSubset(body, { missing: undefined })).toBe(false);
    expect(containsSubset(null, {})).toBe(false);
  });

  it('compares arrays and primitives exactly', () => {
    expect(containsSubset([1, { a: 1, b: 2 }], [1, { a: 1 }])).toBe(true);
    expect(containsSubset([1, 2], [1])).toBe(false);
    expect(containsSubset('1', 1)).toBe(false);
    expect(containsSubset({ a: [1] }, { a: {} })).toBe(false);
  });
});

describe('parseJsonBody and queryContains', () => {
  it('parses JSON bodies and ignores anything else', () => {
    expect(parseJsonBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonBody('not json')).toBeUndefined();
    expect(parseJsonBody(null)).toBeUndefined();
  });

  it('finds query parameters by value', () => {
    expect(queryContains('limit=5&status=active', { limit: '5' })).toBe(true);
    expect(queryContains('limit=5', { limit: '6' })).toBe(false);
    expect(queryContains('', {})).toBe(true);
  });
});
