import { describe, expect, it } from 'vitest';
import { entryChars, JOURNAL_CHARS, JournalBudget, RequestJournal } from './request-journal';
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

  it('keeps at most `maxChars` characters of entries, dropping the oldest, the newest always', () => {
    const sized = (n: number, chars: number) =>
      entry(n, {
        path: '/v1/orders',
        query: '',
        request: { headers: {}, body: 'x'.repeat(chars), body_truncated: false },
        response: { headers: {}, body: null, body_truncated: false },
      });
    const charsOf = (n: number) => entryChars(sized(n, 1000));
    const journal = new RequestJournal(100, charsOf(0) * 3);
    for (let n = 1; n <= 5; n++) journal.add(sized(n, 1000));
    expect(journal.list().map((e) => e.id)).toEqual([entry(3).id, entry(4).id, entry(5).id]);
    // One larger than the whole budget is kept alone: the journal never ends up empty.
    journal.add(sized(6, 10_000));
    expect(journal.list().map((e) => e.id)).toEqual([entry(6).id]);
    expect(journal.get(entry(5).id)).toBeUndefined();
    expect(journal.get(entry(6).id)?.id).toBe(entry(6).id);
    journal.add(sized(7, 1000));
    expect(journal.list().map((e) => e.id)).toEqual([entry(7).id]);
  });

  it('holds no more than JOURNAL_CHARS of bodies however many entries it may keep', () => {
    // 16 KiB bodies, the most an entry keeps of one: --journal-size 100000 had kept them all.
    const journal = new RequestJournal(100_000);
    const body = 'x'.repeat(16 * 1024);
    const total = 3000;
    for (let n = 1; n <= total; n++) {
      journal.add(
        entry(n, {
          path: '/v1/orders',
          query: '',
          request: { headers: { 'content-type': 'application/json' }, body, body_truncated: false },
          response: { headers: {}, body, body_truncated: false },
        }),
      );
    }
    const kept = journal.list();
    const chars = kept.reduce((sum, e) => sum + entryChars(e), 0);
    expect(chars).toBeLessThanOrEqual(JOURNAL_CHARS);
    expect(chars).toBeGreaterThan(JOURNAL_CHARS - entryChars(kept[0]!));
    expect(kept.at(-1)?.id).toBe(entry(total).id);
    expect(kept.length).toBeLessThan(total);
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

describe('JournalBudget', () => {
  const sized = (n: number, chars = 1000) =>
    entry(n, {
      path: '/v1/orders',
      query: '',
      request: { headers: {}, body: 'x'.repeat(chars), body_truncated: false },
      response: { headers: {}, body: null, body_truncated: false },
    });
  const one = entryChars(sized(0));
  const ids = (journal: RequestJournal) => journal.list().map((e) => Number(e.id?.slice(4)));

  it('bounds the journals of a server together: the one holding most gives up its oldest', () => {
    // Each journal alone may keep 10 entries; together they may keep 6.
    const budget = new JournalBudget(one * 6);
    const root = new RequestJournal(100, one * 10, budget);
    const space = new RequestJournal(100, one * 10, budget);
    for (let n = 1; n <= 5; n++) root.add(sized(n));
    for (let n = 11; n <= 13; n++) space.add(sized(n));
    // 8 entries for 6: the root, the larger, lost its two oldest.
    expect(ids(root)).toEqual([3, 4, 5]);
    expect(ids(space)).toEqual([11, 12, 13]);
    expect(budget.chars).toBe(one * 6);
    // At equal shares the journal adding gives up its own oldest.
    for (let n = 14; n <= 30; n++) space.add(sized(n));
    expect(ids(root)).toEqual([3, 4, 5]);
    expect(ids(space)).toEqual([28, 29, 30]);
    expect(budget.chars).toBe(one * 6);
    // Each journal keeps its newest entry, however large, whatever the others hold.
    root.add(sized(6, 20_000));
    expect(ids(root)).toEqual([6]);
    expect(ids(space)).toEqual([30]);
  });

  it('gets back what a closed or cleared journal held', () => {
    const budget = new JournalBudget(one * 4);
    const root = new RequestJournal(100, one * 10, budget);
    const space = new RequestJournal(100, one * 10, budget);
    for (let n = 1; n <= 3; n++) space.add(sized(n));
    space.close();
    expect(budget.chars).toBe(0);
    for (let n = 11; n <= 14; n++) root.add(sized(n));
    expect(ids(root)).toEqual([11, 12, 13, 14]);
    root.clear();
    expect(budget.chars).toBe(0);
  });
});
