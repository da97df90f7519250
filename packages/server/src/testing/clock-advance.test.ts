import { describe, expect, it } from 'vitest';
import { DomainError } from '../index';
import { scenario, setupRefServer } from './vitest';

// The test kit moves time as people write it, and says what fell due.
const ref = setupRefServer({
  scenario: scenario()
    .now('2026-01-31T00:00:00Z', { frozen: true })
    // The plan the KVMs were bought on (`withKvm` services are on 'KVM S'): renewals price it.
    .plan({ code: 'kvm-s', name: 'KVM S', price_eur: 5 })
    .account({ currency: 'EUR', balance: 7, vatRate: 0.19 })
    .withKvm({ autoRenew: true, expiresAt: '2026-02-15T00:00:00Z' })
    .withKvm({ autoRenew: true, expiresAt: '2026-02-25T00:00:00Z' })
    .key(['*']),
});

describe('ref.clock.advance', () => {
  it('takes { months: 1 } as a calendar month and resolves to what fell due', async () => {
    expect(ref.clock.view().next_events.map((e) => e.kind)).toEqual([
      'service_renewal',
      'service_renewal',
    ]);
    const { now, applied } = await ref.clock.advance({ months: 1 });
    expect(now).toBe('2026-02-28T00:00:00.000Z');
    // 5.95 paid from 7.00, the second renewal finds 1.05: suspended with an unpaid invoice.
    expect(applied.map((e) => [e.kind, e.due_at, e.amount])).toEqual([
      ['service_renewal', '2026-02-15T00:00:00.000Z', 5.95],
      ['service_suspension', '2026-02-25T00:00:00.000Z', 5.95],
    ]);
    // A top-up settles the unpaid renewal: the service is back, its term moved on.
    await ref.topUp('REF-ACCT-1', 20);
    const services = ref.state().accounts[0]?.services ?? [];
    expect(services.map((s) => [s.status, s.expires_at])).toEqual([
      ['active', '2026-03-15T00:00:00.000Z'],
      ['active', '2026-03-25T00:00:00.000Z'],
    ]);
    const later = await ref.clock.advance('P15D');
    expect(later.applied.map((e) => e.kind)).toEqual(['service_renewal']);
    await expect(ref.clock.advance('one month')).rejects.toThrow(/ISO 8601/);
  });

  it('refuses a move that could apply more than 100,000 events with a typed 409, moving nothing', async () => {
    const before = ref.state();
    const refusal = {
      status: 409,
      code: 'clock_limit_reached: the move could apply more than 100000 events; move the clock in smaller steps',
    };
    // Two KVMs renewing monthly: 5,000 years could be 120,000 renewals, whatever the balance.
    const moved = ref.clock.advance('P5000Y');
    await expect(moved).rejects.toBeInstanceOf(DomainError);
    await expect(moved).rejects.toMatchObject(refusal);
    expect(() => ref.clock.set('7026-01-31T00:00:00Z')).toThrow(expect.objectContaining(refusal));
    expect(ref.state()).toEqual(before);
    // In smaller steps it moves.
    const { now, applied } = await ref.clock.advance({ years: 1 });
    expect([now, applied.length > 0]).toEqual(['2027-01-31T00:00:00.000Z', true]);
  });
});
