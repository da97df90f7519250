import { describe, expect, it } from 'vitest';
import { createListWriter } from './list-writer';
import type { RenderSettings } from './render';
import type { View } from './view';

const view: View = { columns: ['ref', 'amount'], fields: ['ref', 'amount', 'status'] };
const page1 = [
  { ref: 'REF-INV-3', amount: 1.5, status: 'paid' },
  { ref: 'REF-INV-2', amount: 20, status: 'open' },
];
const page2 = [{ ref: 'REF-INV-1', amount: 0.3, status: 'paid' }];

function sink() {
  const chunks: string[] = [];
  return { chunks, out: { write: (c: string) => chunks.push(c) > 0 } };
}

const settings = (format: RenderSettings['format']): RenderSettings => ({
  format,
  headers: true,
  color: false,
});

describe('createListWriter', () => {
  it('streams NDJSON page by page', async () => {
    const { chunks, out } = sink();
    const writer = createListWriter(out, view, settings('ndjson'));
    await writer.write(page1);
    expect(chunks.join('')).toBe(page1.map((i) => `${JSON.stringify(i)}\n`).join(''));
    await writer.write(page2);
    await writer.end();
    expect(chunks.join('').split('\n')).toHaveLength(4);
  });

  it('streams CSV with one header row', async () => {
    const { chunks, out } = sink();
    const writer = createListWriter(out, view, settings('csv'));
    await writer.write(page1);
    await writer.write(page2);
    await writer.end();
    expect(chunks).toEqual([
      'ref,amount\r\nREF-INV-3,1.50\r\nREF-INV-2,20.00\r\n',
      'REF-INV-1,0.30\r\n',
    ]);
  });

  it('prints only the CSV header for an empty list', async () => {
    const { chunks, out } = sink();
    const writer = createListWriter(out, view, settings('csv'));
    await writer.end();
    expect(chunks.join('')).toBe('ref,amount\r\n');
  });

  it('prints one JSON array of every item after the last page', async () => {
    const { chunks, out } = sink();
    const writer = createListWriter(out, view, settings('json'));
    await writer.write(page1);
    expect(chunks).toEqual([]);
    await writer.write(page2);
    await writer.end();
    expect(JSON.parse(chunks.join(''))).toEqual([...page1, ...page2]);
  });

  it('aligns a table over all pages', async () => {
    const { chunks, out } = sink();
    const writer = createListWriter(out, view, settings('table'));
    await writer.write(page1);
    await writer.write(page2);
    await writer.end();
    expect(chunks.join('')).toBe(
      'REF        AMOUNT\nREF-INV-3    1.50\nREF-INV-2   20.00\nREF-INV-1    0.30\n',
    );
  });

  it('escapes C1 and bidi controls in every streamed and collected format', async () => {
    const hostile = [{ ref: 'REF-INV-9\u009b2J\u202E', amount: 1, status: 'paid' }];
    for (const format of ['ndjson', 'csv', 'json', 'yaml', 'table'] as const) {
      const { chunks, out } = sink();
      const writer = createListWriter(out, view, settings(format));
      await writer.write(hostile);
      await writer.end();
      expect(chunks.join(''), format).not.toMatch(/[\u0080-\u009F\u202A-\u202E]/);
    }
  });
});
