import { ERROR_CODES } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';

describe('DomainError', () => {
  it('takes only codes of the contract’s table, with or without a field after the colon', () => {
    expect(new DomainError(422, 'out_of_stock').toBody()).toEqual({ error: 'out_of_stock' });
    expect(new DomainError(400, 'invalid_body: addons').code).toBe('invalid_body: addons');
    // @ts-expect-error a code the table does not list does not compile
    expect(new DomainError(400, 'no_such_code').code).toBe('no_such_code');
    expect(ERROR_CODES.out_of_stock.status).toBe(422);
  });
});
