import { describe, expect, it } from 'vitest';
import { RequestJournal } from './request-journal';
import type { RequestEntry } from './state/server-context';

const entry = (n: number, extra: Partial<RequestEntry> = {}): RequestEntry =>
  ({
    id: `req_${String(n).padStart(24, '0')}`,
    operation: 'getAccount',
    status: 200,
    account_ref: 'A',
    ...extra,
  }) as RequestEntry;

describe('RequestJournal', () => {
  it('keeps the last `capacity` entries, oldest first in list(), newest first in query()', () => {
    const journal = new RequestJournal(3);
    for (let n = 1; n <= 5; n++) journal.add(entry(n));
    expect(journal.list().map((e) => e.id)).toEqual([entry(3).id, entry(4).id, entry(5).id]);
    expect(journal.query().map((e) => e.id)).toEqual([entry(5).id, entry(4).id, entry(3).id]);
    expect(journal.query({ limit: 1 }).map((e) => e.id)).toEqual([entry(5).id]);
  });

  it('answers entries after `since`, or all when that id is gone', () => {
    const journal = new RequestJournal(3);
    for (let n = 1; n <= 4; n++) journal.add(entry(n));
    expect(journal.query({ since: entry(3).id }).map((e) => e.id)).toEqual([entry(4).id]);
    expect(journal.query({ since: entry(1).id })).toHaveLength(3);
  });

  it('filters on operation, status and account together', () => {
    const journal = new RequestJournal();
    journal.add(entry(1, { status: 401, account_ref: null }));
    journal.add(entry(2, { operation: 'createOrder' }));
    journal.add(entry(3));
    expect(journal.query({ operation: 'getAccount', status: 200, account_ref: 'A' })).toEqual([
      entry(3),
    ]);
  });

  it('tells subscribers about new entries until they unsubscribe', () => {
    const journal = new RequestJournal();
    const seen: string[] = [];
    const stop = journal.subscribe((e) => seen.push(e.id ?? 'clock'));
    journal.add(entry(1));
    stop();
    journal.add(entry(2));
    expect(seen).toEqual([entry(1).id]);
  });

  it('refuses a size below 1', () => {
    expect(() => new RequestJournal(0)).toThrow(RangeError);
  });
});
