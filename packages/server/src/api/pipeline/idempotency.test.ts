import { operations } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { idempotency } from './idempotency';
import { testRequest, testState } from './test-state';

const create = (headers: Record<string, string>) =>
  testState(operations.createOrder, { request: testRequest({ method: 'POST' }, headers) });

describe('idempotency', () => {
  it('keeps a valid Idempotency-Key', () => {
    const state = create({ 'idempotency-key': 'order-1' });
    idempotency(state);
    expect(state.idempotencyKey).toBe('order-1');
  });

  it('answers 428 without the header and 400 for a malformed one', () => {
    expect(() => idempotency(create({}))).toThrow(expect.objectContaining({ status: 428 }));
    expect(() => idempotency(create({ 'idempotency-key': '' }))).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_header: Idempotency-Key' }),
    );
  });

  it('ignores the header on operations that do not take it', () => {
    const state = testState(operations.getAccount, {
      request: testRequest({}, { 'idempotency-key': 'x' }),
    });
    idempotency(state);
    expect(state.idempotencyKey).toBeUndefined();
  });
});
