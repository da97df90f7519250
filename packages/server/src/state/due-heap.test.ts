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

  it("breaks a tie by the ref's value, as lists order refs: REF-SVC-9 before REF-SVC-10", () => {
    const heap = new DueHeap();
    for (const ref of ['REF-SVC-10', 'REF-SVC-A', 'REF-SVC-9']) {
      heap.push({ dueMs: 5, ref, accountRef: 'A' });
    }
    expect([heap.pop()?.ref, heap.pop()?.ref, heap.pop()?.ref]).toEqual([
      'REF-SVC-9',
      'REF-SVC-A',
      'REF-SVC-10',
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

  it('reads its entries in pop order without taking them, as far as asked', () => {
    const heap = new DueHeap();
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    // Few distinct due times: ties fall to the ref.
    for (let i = 0; i < 2_000; i++)
      heap.push({ dueMs: next() % 50, ref: `R${next() % 700}`, accountRef: 'A' });
    const firstTen: string[] = [];
    for (const entry of heap.ordered()) {
      firstTen.push(`${entry.dueMs} ${entry.ref}`);
      if (firstTen.length === 10) break;
    }
    const read = [...heap.ordered()].map((entry) => `${entry.dueMs} ${entry.ref}`);
    expect(heap.size).toBe(2_000);
    const popped: string[] = [];
    for (let entry = heap.pop(); entry !== undefined; entry = heap.pop())
      popped.push(`${entry.dueMs} ${entry.ref}`);
    expect(read).toEqual(popped);
    expect(firstTen).toEqual(popped.slice(0, 10));
  });
});
