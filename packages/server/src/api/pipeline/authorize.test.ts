import { operations } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { authorize } from './authorize';
import { testKey, testRequest, testState } from './test-state';

describe('authorize', () => {
  it('passes a key with the scope from an allowed address', () => {
    expect(() => authorize(testState(operations.getAccount))).not.toThrow();
  });

  it('refuses an address outside the allow-list with 403 ip_not_allowed', () => {
    const state = testState(operations.getAccount, {
      key: testKey(['*'], ['10.0.0.0/8']),
      request: testRequest({ sourceAddress: '192.0.2.1' }),
    });
    expect(() => authorize(state)).toThrow(
      expect.objectContaining({ status: 403, code: 'ip_not_allowed' }),
    );
  });

  it('refuses a key without the scope with 403 insufficient_scope', () => {
    const state = testState(operations.createOrder, { key: testKey(['account:read']) });
    expect(() => authorize(state)).toThrow(
      expect.objectContaining({ status: 403, code: 'insufficient_scope' }),
    );
  });
});
