import { describe, expect, it } from 'vitest';
import { serviceAtStart, suspendingRenewal } from './rewind-time';

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

describe('serviceAtStart', () => {
  it('takes a service later seen expired for suspended at the start when a write went through after its term ended', () => {
    // Its term ended on 27 January, auto-renew on, no renewal listed; a write on it went
    // through just after the start: only a renewal billed at that end and left unpaid keeps
    // a service alive past it, so it was suspended then, and expired seven days on.
    const expired = {
      service_ref: 'REF-SVC-5',
      status: 'expired',
      auto_renew: true,
      expires_at: '2026-01-27T00:00:00.000Z',
    };
    const seenMs = Date.parse('2026-02-20T00:00:00Z');
    const days = new Set([27]);
    const written = serviceAtStart(expired, seenMs, START, [], days, {
      autoRenewAtEnd: true,
      openAt: START + 1000,
    });
    expect([written.service.status, written.otherStatuses]).toEqual(['suspended', []]);
    // Without the write, the recording cannot tell: expired at that end, or seven days on.
    const unwritten = serviceAtStart(expired, seenMs, START, [], days, { autoRenewAtEnd: true });
    expect([unwritten.service.status, unwritten.otherStatuses]).toEqual(['expired', ['suspended']]);
  });

  it('takes a service first seen expired at its term end for active when a page of suspended services left it out', () => {
    // Its term ended on 15 February with auto-renew on, nothing billed: suspended at the start
    // (its plan no longer sold, or its renewal unpaid) or active. A page of every suspended
    // service at the start left it out: it was not suspended.
    const expired = {
      service_ref: 'REF-SVC-5',
      status: 'expired',
      auto_renew: true,
      expires_at: '2026-02-15T00:00:00.000Z',
    };
    const seenMs = Date.parse('2026-03-07T00:00:00Z');
    const days = new Set([15]);
    const guessed = serviceAtStart(expired, seenMs, START, [], days, { autoRenewAtEnd: true });
    expect([guessed.service.status, guessed.otherStatuses]).toEqual([
      'suspended',
      ['active', 'expired'],
    ]);
    const leftOut = serviceAtStart(expired, seenMs, START, [], days, {
      autoRenewAtEnd: true,
      leftOutOfSuspendedAt: START,
    });
    expect([leftOut.service.status, leftOut.otherStatuses]).toEqual(['active', ['expired']]);
  });
});
