import { describe, expect, it } from 'vitest';
import { DueHeap } from './due-heap';

describe('DueHeap', () => {
  it('pops in due order, then by ref', () => {
    const heap = new DueHeap();
    const input = [
      { dueMs: 5, ref: 'REF-SVC-2', accountRef: 'A' },
      { dueMs: 1, ref: 'REF-SVC-9', accountRef: 'A' },
      { dueMs: 5, ref: 'REF-SVC-1', accountRef: 'A' },
      { dueMs: 3, ref: 'REF-SVC-3', accountRef: 'A' },
      { dueMs: 0, ref: 'REF-ACCT-1', accountRef: 'A' },
    ];
    for (const entry of input) heap.push(entry);
    const out: string[] = [];
    for (let entry = heap.pop(); entry !== undefined; entry = heap.pop()) {
      out.push(`${entry.dueMs} ${entry.ref}`);
    }
    expect(out).toEqual([
      '0 REF-ACCT-1',
      '1 REF-SVC-9',
      '3 REF-SVC-3',
      '5 REF-SVC-1',
      '5 REF-SVC-2',
    ]);
  });

  it('stays ordered through interleaved pushes and pops of many entries', () => {
    const heap = new DueHeap();
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 500; i++)
      heap.push({ dueMs: next() % 1000, ref: `R${i}`, accountRef: 'A' });
    let last = -1;
    for (let i = 0; i < 250; i++) {
      const entry = heap.pop();
      expect(entry?.dueMs).toBeGreaterThanOrEqual(last);
      last = entry?.dueMs ?? last;
    }
    expect(heap.size).toBe(250);
  });
});
