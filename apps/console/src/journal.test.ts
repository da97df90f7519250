import type { ClockEventEntry } from '@refapi/server/browser';
import { describe, expect, it } from 'vitest';
import { clockEntry, entry } from '../test/entry';
import {
  entryKey,
  JOURNAL_CAP,
  matchesFilter,
  mergeEntries,
  NO_FILTER,
  operationOf,
} from './journal';

describe('matchesFilter', () => {
  const order = entry({
    id: 'req_order000000000000000001',
    operation: 'createOrder',
    method: 'POST',
    path: '/v1/orders',
    status: 402,
    account_ref: 'REF-ACCT-2',
    request: { headers: {}, body: '{"plan_code":"kvm-s"}', body_truncated: false },
  });

  it('lets everything through with no filter', () => {
    expect(matchesFilter(order, NO_FILTER)).toBe(true);
  });

  it('matches operation and account exactly, "(none)" for missing ones', () => {
    expect(matchesFilter(order, { ...NO_FILTER, operation: 'createOrder' })).toBe(true);
    expect(matchesFilter(order, { ...NO_FILTER, operation: 'listOrders' })).toBe(false);
    expect(matchesFilter(order, { ...NO_FILTER, account: 'REF-ACCT-1' })).toBe(false);
    const anonymous = entry({ operation: null, account_ref: null });
    expect(matchesFilter(anonymous, { ...NO_FILTER, operation: '(none)', account: '(none)' })).toBe(
      true,
    );
  });

  it('matches a status exactly or by class', () => {
    expect(matchesFilter(order, { ...NO_FILTER, status: '402' })).toBe(true);
    expect(matchesFilter(order, { ...NO_FILTER, status: '4xx' })).toBe(true);
    expect(matchesFilter(order, { ...NO_FILTER, status: '5XX' })).toBe(false);
    expect(matchesFilter(order, { ...NO_FILTER, status: '40' })).toBe(false);
  });

  it('searches id, path and bodies, ignoring case', () => {
    expect(matchesFilter(order, { ...NO_FILTER, text: 'KVM-S' })).toBe(true);
    expect(matchesFilter(order, { ...NO_FILTER, text: 'order000' })).toBe(true);
    expect(matchesFilter(order, { ...NO_FILTER, text: 'nothing-like-this' })).toBe(false);
  });
});

describe('mergeEntries', () => {
  const at = (n: number) => entry({ id: `req_${n}`, time: new Date(n * 1000).toISOString() });

  it('keeps newest first and drops duplicates', () => {
    const merged = mergeEntries([at(2), at(1)], [at(3), at(2)]);
    expect(merged.map((e) => e.id)).toEqual(['req_3', 'req_2', 'req_1']);
  });

  it('returns the same array when nothing is new', () => {
    const current = [at(1)];
    expect(mergeEntries(current, [at(1)])).toBe(current);
  });

  it(`keeps at most ${JOURNAL_CAP} entries, dropping the oldest`, () => {
    const many = Array.from({ length: JOURNAL_CAP + 5 }, (_, i) => at(i));
    const merged = mergeEntries([], many);
    expect(merged).toHaveLength(JOURNAL_CAP);
    expect(merged.at(-1)!.id).toBe('req_5');
  });
});

describe('clock events in the journal', () => {
  const renewal = clockEntry({
    service_ref: 'REF-SVC-101',
    invoice_ref: 'REF-INV-9',
    amount: 5.95,
    currency: 'EUR',
  });

  it('filters them by kind, account and text, and never by a status', () => {
    expect(matchesFilter(renewal, { ...NO_FILTER, operation: 'clock: service_renewal' })).toBe(
      true,
    );
    expect(matchesFilter(renewal, { ...NO_FILTER, operation: 'getAccount' })).toBe(false);
    expect(matchesFilter(renewal, { ...NO_FILTER, account: 'REF-ACCT-1' })).toBe(true);
    expect(matchesFilter(renewal, { ...NO_FILTER, text: 'ref-inv-9' })).toBe(true);
    expect(matchesFilter(renewal, { ...NO_FILTER, text: 'renewal' })).toBe(true);
    expect(matchesFilter(renewal, { ...NO_FILTER, status: '2xx' })).toBe(false);
    expect(operationOf(renewal)).toBe('clock: service_renewal');
  });

  it('merges them beside requests by due time, once each though they have no id', () => {
    const before = entry({ id: 'req_1', time: '2026-01-31T00:00:00.000Z' });
    const after = entry({ id: 'req_2', time: '2026-02-02T00:00:00.000Z' });
    const expiry: ClockEventEntry = {
      ...renewal,
      event: 'service_expiry',
      service_ref: 'REF-SVC-2',
    };
    const merged = mergeEntries([after, before], [renewal, expiry]);
    expect(merged.map(entryKey)).toEqual(['req_2', entryKey(renewal), entryKey(expiry), 'req_1']);
    expect(entryKey(renewal)).not.toBe(entryKey(expiry));
    expect(mergeEntries(merged, [{ ...renewal }])).toBe(merged);
  });
});
