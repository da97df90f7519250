import { describe, expect, it } from 'vitest';
import * as guards from './guards';
import * as httpErrors from './http-errors';

describe('error guards', () => {
  it('exports only `is…` guards, one for every HTTP error class', () => {
    const names = Object.keys(guards);
    expect(names.every((name) => name.startsWith('is'))).toBe(true);
    for (const name of Object.keys(httpErrors)) expect(names).toContain(`is${name}`);
  });
});
