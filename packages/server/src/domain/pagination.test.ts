import { describe, expect, it } from 'vitest';
import { pageDescending } from './pagination';
import { compareRefs } from './refs';

const refs = ['REF-INV-9', 'REF-INV-A', 'REF-INV-10', 'REF-INV-FF'];

describe('pageDescending', () => {
  it('orders by hex value, not by string', () => {
    expect([...refs].sort(compareRefs)).toEqual(refs);
    expect(compareRefs('REF-INV-0A', 'REF-INV-9')).toBeGreaterThan(0);
  });

  it('walks every item once, newest first, with next_cursor = last ref of the page', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = pageDescending(refs, (ref) => ref, { limit: 3, cursor });
      seen.push(...page.items);
      if (!page.pagination.has_more) break;
      expect(page.pagination.next_cursor).toBe(page.items.at(-1));
      cursor = page.pagination.next_cursor;
    }
    expect(seen).toEqual(['REF-INV-FF', 'REF-INV-10', 'REF-INV-A', 'REF-INV-9']);
  });

  it('accepts a cursor that is not itself in the list and applies filters', () => {
    const page = pageDescending(refs, (ref) => ref, {
      limit: 10,
      cursor: 'REF-INV-B',
      filter: (ref) => ref !== 'REF-INV-9',
    });
    expect(page.items).toEqual(['REF-INV-A']);
    expect(page.pagination).toEqual({ limit: 10, has_more: false });
  });
});
