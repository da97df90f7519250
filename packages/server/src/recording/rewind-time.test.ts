import { describe, expect, it } from 'vitest';
import { suspendingRenewal } from './rewind-time';

const START = Date.parse('2026-01-30T00:00:00Z');

const renewal = (issue: string, due: string, status = 'unpaid') => ({
  invoice_ref: 'REF-INV-50',
  kind: 'service_renewal',
  status,
  issue_date: issue,
  due_date: due,
  service_ref: 'REF-SVC-5',
});

describe('suspendingRenewal', () => {
  it("finds the clock's unpaid renewal of a service, billed before the start and due after it", () => {
    const invoice = renewal('2026-01-27T00:00:00.000Z', '2026-02-03T00:00:00.000Z');
    expect(suspendingRenewal([invoice], 'REF-SVC-5', START)).toBe(invoice);
  });

  it('takes no renewal due at another time than the clock bills for a suspension', () => {
    // A scenario's own unpaid renewal, due 14 days on (the demo's): its service may be active.
    const seeded = renewal('2026-01-27T00:00:00.000Z', '2026-02-10T00:00:00.000Z');
    expect(suspendingRenewal([seeded], 'REF-SVC-5', START)).toBeUndefined();
  });

  it('takes no renewal already due, paid, or of another service', () => {
    const due = renewal('2026-01-20T00:00:00.000Z', '2026-01-27T00:00:00.000Z');
    const paid = renewal('2026-01-27T00:00:00.000Z', '2026-02-03T00:00:00.000Z', 'paid');
    const other = renewal('2026-01-27T00:00:00.000Z', '2026-02-03T00:00:00.000Z');
    expect(suspendingRenewal([due, paid], 'REF-SVC-5', START)).toBeUndefined();
    expect(suspendingRenewal([other], 'REF-SVC-6', START)).toBeUndefined();
  });
});
