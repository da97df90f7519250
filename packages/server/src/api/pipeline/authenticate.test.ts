import { describe, expect, it } from 'vitest';
import type { Partition } from '../../store/partition';
import { authenticate } from './authenticate';
import { testRequest, testState } from './test-state';

const partition = { account: { account_ref: 'ACC-1' } } as unknown as Partition;
const store = (found: boolean) => ({ store: { partition: () => (found ? partition : undefined) } });

describe('authenticate', () => {
  it('sets the caller for a valid key', () => {
    const state = testState(undefined, {}, store(true) as never);
    authenticate(state);
    expect(state.caller?.partition).toBe(partition);
  });

  it('answers 401 missing_api_key without Authorization, invalid_api_key with a bad one', () => {
    expect(() => authenticate(testState(undefined, { key: undefined }))).toThrow(
      expect.objectContaining({ status: 401, code: 'missing_api_key' }),
    );
    const bad = testState(undefined, {
      key: undefined,
      request: testRequest({}, { authorization: 'Bearer x' }),
    });
    expect(() => authenticate(bad)).toThrow(expect.objectContaining({ code: 'invalid_api_key' }));
  });

  it('answers 401 invalid_api_key when the key account is gone', () => {
    expect(() => authenticate(testState(undefined, {}, store(false) as never))).toThrow(
      expect.objectContaining({ status: 401, code: 'invalid_api_key' }),
    );
  });
});
