import { operations } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors';
import { IdempotencyStore } from '../../domain/idempotency';
import type { Durability } from '../../state/durability';
import type { Partition } from '../../store/partition';
import { execute } from './execute';
import type { OperationState } from './state';
import { testKey, testState } from './test-state';

const partition = { account: { account_ref: 'ACC-1' } } as unknown as Partition;

function orderState(idempotency: IdempotencyStore, runs: { n: number }, durability?: Durability) {
  const over: Partial<OperationState> = {
    bound: {
      operationId: 'createOrder',
      impl: () => {
        runs.n++;
        return { status: 202, body: { order_ref: `ORD-${runs.n}`, idempotent_replayed: false } };
      },
    },
    caller: { key: testKey(), partition },
    body: { type: 'kvm' },
    idempotencyKey: 'k-1',
  };
  return testState(operations.createOrder, over, {
    idempotency,
    ...(durability === undefined ? {} : { durability }),
  });
}

describe('execute', () => {
  it('runs the operation once per Idempotency-Key and replays it, flagged', async () => {
    const store = new IdempotencyStore();
    const runs = { n: 0 };
    const first = await execute(orderState(store, runs));
    const again = await execute(orderState(store, runs));
    expect(runs.n).toBe(1);
    expect(first.body).toEqual({ order_ref: 'ORD-1', idempotent_replayed: false });
    expect(again.body).toEqual({ order_ref: 'ORD-1', idempotent_replayed: true });
    expect(again.headers).toMatchObject({ 'idempotent-replayed': 'true' });
  });

  it('refuses a write before it runs while the state is not writable', async () => {
    const runs = { n: 0 };
    const durability = {
      checkWritable: () => {
        throw new DomainError(503, 'state_unavailable');
      },
    } as unknown as Durability;
    await expect(
      execute(orderState(new IdempotencyStore(), runs, durability)),
    ).rejects.toMatchObject({
      status: 503,
    });
    expect(runs.n).toBe(0);
  });
});
