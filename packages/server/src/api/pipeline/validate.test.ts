import { operations } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { testRequest, testState } from './test-state';
import { validate } from './validate';

describe('validate', () => {
  it('parses the query with the contract schema (defaults applied)', () => {
    const state = testState(operations.listServices, {
      request: testRequest({ search: 'limit=5' }),
    });
    validate(state);
    expect(state.query).toMatchObject({ limit: 5 });
  });

  it('answers 400 naming the first bad body field', () => {
    const state = testState(operations.createOrder, { json: { type: 'nope' } });
    expect(() => validate(state)).toThrow(
      expect.objectContaining({ status: 400, code: expect.stringMatching(/^invalid_body/) }),
    );
  });

  it('answers 400 invalid_path for a bad path parameter', () => {
    const state = testState(operations.getService, { rawParams: { service_ref: undefined } });
    expect(() => validate(state)).toThrow(
      expect.objectContaining({ code: expect.stringMatching(/^invalid_path/) }),
    );
  });
});
