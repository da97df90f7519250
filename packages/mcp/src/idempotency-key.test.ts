import { IdempotencyKey } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { SessionKeys } from './idempotency-key';

describe('SessionKeys', () => {
  it('gives the same call the same key, whatever the order of its fields', () => {
    const keys = new SessionKeys('salt');
    const a = keys.derive('orders_create', { type: 'kvm', plan_code: 'kvm-s', addons: [] });
    const b = keys.derive('orders_create', { addons: [], plan_code: 'kvm-s', type: 'kvm' });
    expect(a).toBe(b);
    expect(IdempotencyKey.safeParse(a).success).toBe(true);
  });

  it('gives another call, tool or session another key', () => {
    const keys = new SessionKeys('salt');
    const base = keys.derive('orders_create', { plan_code: 'kvm-s' });
    expect(keys.derive('orders_create', { plan_code: 'kvm-m' })).not.toBe(base);
    expect(keys.derive('services_power', { plan_code: 'kvm-s' })).not.toBe(base);
    expect(new SessionKeys('other').derive('orders_create', { plan_code: 'kvm-s' })).not.toBe(base);
  });
});
