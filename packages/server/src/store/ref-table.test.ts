import { describe, expect, it } from 'vitest';
import { DeferredPiece, type JsonPiece, piecesText } from '../internal/json-pieces';
import { RefTable } from './ref-table';

interface Row {
  readonly ref: string;
  readonly n: number;
}

const ref = (i: number) => `REF-INV-${(0x100 + i).toString(16).toUpperCase()}`;
const row = (i: number, n = i): Row => ({ ref: ref(i), n });

/** What the blocks joined must be: every record's text, ascending, joined by commas. */
const expected = (table: RefTable<Row>) =>
  table
    .values()
    .map((r) => JSON.stringify(r))
    .join(',');

function tableOf(count: number): RefTable<Row> {
  const table = new RefTable<Row>();
  for (let i = 0; i < count; i++) table.set(ref(i), row(i));
  return table;
}

/** The blocks as the members of a JSON array: joined by commas. */
const members = (blocks: readonly JsonPiece[]) =>
  blocks.map((block) => piecesText([block])).join(',');

describe('RefTable.jsonBlocks (the texts a state file writes at each compaction)', () => {
  const text = (r: Row) => JSON.stringify(r);
  /** `text`, noting the ref of each record it serializes in `serialized`. */
  const textLogging = (serialized: string[]) => (r: Row) => {
    serialized.push(r.ref);
    return text(r);
  };

  it('answers the records as they are after appends, replacements and inserts between reads', () => {
    const table = tableOf(1000);
    expect(members(table.jsonBlocks(text))).toBe(expected(table));
    // Appended past a block boundary, replaced in an early block and in the last one.
    for (let i = 1000; i < 1300; i++) table.set(ref(i), row(i));
    table.set(ref(3), row(3, -3));
    table.set(ref(1299), row(1299, -1));
    expect(members(table.jsonBlocks(text))).toBe(expected(table));
    // A ref below the others lands in the middle: every block after it moves.
    table.set('REF-INV-1', { ref: 'REF-INV-1', n: 42 });
    expect(members(table.jsonBlocks(text))).toBe(expected(table));
    table.set(ref(640), row(640, -640));
    expect(members(table.jsonBlocks(text))).toBe(expected(table));
  });

  it('serializes only the records of blocks that changed since the last read', () => {
    const table = tableOf(1000);
    const serialized: string[] = [];
    const counting = textLogging(serialized);
    members(table.jsonBlocks(counting));
    serialized.length = 0;
    table.set(ref(500), row(500, -500));
    table.set(ref(1000), row(1000));
    expect(members(table.jsonBlocks(counting))).toBe(expected(table));
    // The block of REF 500 (128 records) and the partial last block, nothing else.
    expect(serialized).toContain(ref(500));
    expect(serialized).toContain(ref(1000));
    expect(serialized.length).toBeLessThan(300);
  });

  it('serializes nothing while gathering the blocks, and reads the records they held then', () => {
    // A compaction gathers the blocks inside its gate (every request waits) and reads them
    // after it, while requests replace and add records.
    const table = tableOf(300);
    const serialized: string[] = [];
    const counting = textLogging(serialized);
    const gathered = table.jsonBlocks(counting);
    expect(serialized).toEqual([]);
    const then = expected(table);
    table.set(ref(5), row(5, -5));
    table.set(ref(299), row(299, -299));
    table.set(ref(300), row(300));
    expect(members(gathered)).toBe(then);
    expect(members(table.jsonBlocks(counting))).toBe(expected(table));
  });

  it('keeps full blocks encoded: a later read hands out the same bytes, the last block as text', () => {
    const table = tableOf(300);
    const first = table.jsonBlocks(text);
    const made = (block: JsonPiece) => (block instanceof DeferredPiece ? block.value() : block);
    expect(first.map((block) => typeof made(block))).toEqual(['object', 'object', 'string']);
    const again = table.jsonBlocks(text);
    expect(again[0]).toBe(first[0]);
    expect(again[1]).toBe(first[1]);
    expect(members(again)).toBe(expected(table));
  });

  it('keeps a fork and its source apart: each answers its own records', () => {
    const table = tableOf(600);
    members(table.jsonBlocks(text));
    const fork = table.fork();
    table.set(ref(10), row(10, -10));
    fork.set(ref(20), row(20, -20));
    fork.set(ref(600), row(600));
    expect(members(table.jsonBlocks(text))).toBe(expected(table));
    expect(members(fork.jsonBlocks(text))).toBe(expected(fork));
    expect(members(table.jsonBlocks(text))).not.toBe(members(fork.jsonBlocks(text)));
  });

  it('answers right after more replacements than it remembers (it forgets its texts instead)', () => {
    const table = tableOf(300);
    members(table.jsonBlocks(text));
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 300; i++) table.set(ref(i), row(i, round));
    }
    expect(members(table.jsonBlocks(text))).toBe(expected(table));
  });

  it('answers the loaded records after setAll, whatever it kept before', () => {
    const table = tableOf(300);
    members(table.jsonBlocks(text));
    table.setAll(
      Array.from({ length: 300 }, (_, i) => row(i, i * 2)),
      (r) => r.ref,
    );
    expect(members(table.jsonBlocks(text))).toBe(expected(table));
  });
});

describe('RefTable records by reference', () => {
  // Refs the allocator writes sit at their value, others in a map: every spelling and kind
  // of one value must stay its own record.
  const refs = [
    'REF-INV-1A',
    'REF-INV-01A',
    'REF-SVC-1A',
    'REF-INV-1a',
    'REF-INV-FFFFF',
    'REF-INV-100000',
    'REF-INV-FFFFFFFFFFFFFFFFFF',
    'REF-INV-0',
  ];

  it('answers each ref with its own record, whatever its spelling or size', () => {
    const table = new RefTable<Row>();
    for (const [n, r] of refs.entries()) table.set(r, { ref: r, n });
    table.set('REF-INV-1A', { ref: 'REF-INV-1A', n: -1 });

    expect(refs.map((r) => table.get(r)?.n)).toEqual([-1, 1, 2, 3, 4, 5, 6, 7]);
    expect(table.size).toBe(refs.length);
    for (const missing of ['REF-INV-1B', 'REF-INV-', 'REF-INV-001A', 'REF-ORD-1A', ''])
      expect(table.get(missing)).toBeUndefined();
    expect(table.values().map((r) => r.ref)).toEqual(table.refs);
  });

  it('keeps a fork and its source apart record by record', () => {
    const table = new RefTable<Row>();
    for (const [n, r] of refs.entries()) table.set(r, { ref: r, n });
    const fork = table.fork();
    fork.set('REF-INV-1A', { ref: 'REF-INV-1A', n: 100 });
    fork.set('REF-INV-1B', { ref: 'REF-INV-1B', n: 101 });
    fork.set('REF-INV-01A', { ref: 'REF-INV-01A', n: 102 });
    table.set('REF-INV-2', { ref: 'REF-INV-2', n: 200 });

    expect(
      ['REF-INV-1A', 'REF-INV-1B', 'REF-INV-01A', 'REF-INV-2'].map((r) => fork.get(r)?.n),
    ).toEqual([100, 101, 102, undefined]);
    expect(
      ['REF-INV-1A', 'REF-INV-1B', 'REF-INV-01A', 'REF-INV-2'].map((r) => table.get(r)?.n),
    ).toEqual([0, undefined, 1, 200]);
  });

  it('holds a ref given far ahead of the others once, when the others reach it', () => {
    const table = new RefTable<Row>();
    const at = (i: number) => `REF-INV-${i.toString(16).toUpperCase()}`;
    table.set(at(0x2000), { ref: at(0x2000), n: -1 });
    for (let i = 1; i <= 0x2100; i++) table.set(at(i), { ref: at(i), n: i });

    expect(table.size).toBe(0x2100);
    expect(table.get(at(0x2000))?.n).toBe(0x2000);
    expect(table.values().map((r) => r.n)).toEqual(Array.from({ length: 0x2100 }, (_, i) => i + 1));
  });

  it('loads records given out of order and answers them ascending', () => {
    const table = new RefTable<Row>();
    table.setAll(
      refs.map((r, n) => ({ ref: r, n })),
      (r) => r.ref,
    );
    expect(refs.map((r) => table.get(r)?.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(table.refs.slice(0, 3)).toEqual(['REF-INV-0', 'REF-INV-01A', 'REF-INV-1A']);
  });
});
