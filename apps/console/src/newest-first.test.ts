import { describe, expect, it } from 'vitest';
import { compareRefs, newestFirst } from './newest-first';

describe('newestFirst', () => {
  it('orders by time, newest first', () => {
    const orders = [
      { ref: 'REF-ORD-1', at: '2026-01-01T00:00:00Z' },
      { ref: 'REF-ORD-3', at: '2026-03-01T00:00:00Z' },
      { ref: 'REF-ORD-2', at: '2026-02-01T00:00:00Z' },
    ];
    expect(
      newestFirst(
        orders,
        (o) => o.ref,
        (o) => o.at,
      ).map((o) => o.ref),
    ).toEqual(['REF-ORD-3', 'REF-ORD-2', 'REF-ORD-1']);
    // A copy: the state document is not reordered.
    expect(orders[0]?.ref).toBe('REF-ORD-1');
  });

  it('breaks ties and orders undated items by reference, numerically', () => {
    const services = ['REF-SVC-99', 'REF-SVC-101', 'REF-SVC-100'].map((ref) => ({ ref }));
    expect(newestFirst(services, (s) => s.ref).map((s) => s.ref)).toEqual([
      'REF-SVC-101',
      'REF-SVC-100',
      'REF-SVC-99',
    ]);
    const same = '2026-01-01T00:00:00Z';
    const invoices = [
      { ref: 'INV-9', at: same },
      { ref: 'INV-10', at: same },
    ];
    expect(
      newestFirst(
        invoices,
        (i) => i.ref,
        (i) => i.at,
      ).map((i) => i.ref),
    ).toEqual(['INV-10', 'INV-9']);
  });

  it('puts items without a (valid) time after dated ones', () => {
    const items = [
      { ref: 'A-3', at: undefined },
      { ref: 'A-1', at: '2026-01-01T00:00:00Z' },
      { ref: 'A-2', at: 'not a date' },
      { ref: 'A-0', at: 1_000 },
    ];
    expect(
      newestFirst(
        items,
        (i) => i.ref,
        (i) => i.at,
      ).map((i) => i.ref),
    ).toEqual(['A-1', 'A-0', 'A-3', 'A-2']);
  });
});

it('compareRefs reads numbers as numbers', () => {
  expect(['R-10', 'R-9', 'R-100'].sort(compareRefs)).toEqual(['R-9', 'R-10', 'R-100']);
});
