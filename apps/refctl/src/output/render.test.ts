import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { leafCells, type RenderSettings, render } from './render';
import type { View } from './view';

const base: RenderSettings = { format: 'table', headers: true, color: false };
const balance = {
  amount: 100,
  currency: 'EUR',
  display: { amount: 108, currency: 'USD', rate: 1.08 },
};
const telemetry = {
  items: [
    { key: '198.51.100.7', packets: 1200, bytes: 64000 },
    { key: '198.51.100.20', packets: 80, bytes: 5120 },
  ],
  cache_seconds: 30,
};
const itemsView: View = {
  columns: ['key', 'packets', 'bytes'],
  fields: ['key', 'packets', 'bytes'],
};

describe('render an object', () => {
  it('prints a vertical field/value table with nested fields flattened', async () => {
    const out = await render({ kind: 'object', value: balance }, base);
    expect(out).toBe(
      [
        'amount            100.00',
        'currency          EUR',
        'display.amount    108.00',
        'display.currency  USD',
        'display.rate      1.08',
        '',
      ].join('\n'),
    );
  });

  it('keeps JSON exactly the API object', async () => {
    const out = await render({ kind: 'object', value: balance }, { ...base, format: 'json' });
    expect(JSON.parse(out)).toEqual(balance);
    expect(out.endsWith('}\n')).toBe(true);
  });

  it('prints one NDJSON line, YAML, and a one-row CSV', async () => {
    const printable = { kind: 'object', value: balance } as const;
    expect(await render(printable, { ...base, format: 'ndjson' })).toBe(
      `${JSON.stringify(balance)}\n`,
    );
    expect(await render(printable, { ...base, format: 'yaml' })).toContain(
      'display:\n  amount: 108\n',
    );
    expect(
      await render(printable, { ...base, format: 'csv', columns: ['amount', 'currency'] }),
    ).toBe('amount,currency\r\n100.00,EUR\r\n');
  });
});

describe('render an object with cells of its own', () => {
  const quote = { total_cents: 9520, currency: 'EUR', lines: [{ net_cents: 8000 }] };
  const printable = {
    kind: 'object',
    value: { id: 'o-1', quote },
    cells: { ...leafCells({ id: 'o-1' }), 'quote.total_cents': '95.20 EUR' },
  } as const;

  it('shows only those rows, labelled by their paths, with the cells as given', async () => {
    expect(await render(printable, base)).toBe(
      'id                 o-1\nquote.total_cents  95.20 EUR\n',
    );
  });

  it('writes the same cells in CSV, and JSON stays the object', async () => {
    expect(await render(printable, { ...base, format: 'csv' })).toBe(
      'id,quote.total_cents\r\no-1,95.20 EUR\r\n',
    );
    expect(JSON.parse(await render(printable, { ...base, format: 'json' }))).toEqual(
      printable.value,
    );
  });

  it('takes --columns as paths of the object, shown as a cell where there is one', async () => {
    const settings = { ...base, columns: ['quote.currency', 'quote.total_cents'] };
    expect(await render(printable, settings)).toBe(
      'quote.currency     EUR\nquote.total_cents  95.20 EUR\n',
    );
  });
});

describe('render rows', () => {
  const printable = {
    kind: 'rows',
    value: telemetry,
    rows: telemetry.items,
    view: itemsView,
  } as const;

  it('prints a table of the rows with numbers aligned right', async () => {
    expect(await render(printable, base)).toBe(
      [
        'KEY            PACKETS  BYTES',
        '198.51.100.7      1200  64000',
        '198.51.100.20       80   5120',
        '',
      ].join('\n'),
    );
  });

  it('names CSV columns by their API field (an alias by its path); tables keep labels', async () => {
    const aliased = {
      ...printable,
      view: { ...itemsView, aliases: [{ id: 'size', path: 'bytes' }] },
    } as const;
    const settings = { ...base, columns: ['key', 'size'] };
    expect(await render(aliased, { ...settings, format: 'csv' })).toBe(
      'key,bytes\r\n198.51.100.7,64000\r\n198.51.100.20,5120\r\n',
    );
    expect((await render(aliased, settings)).split('\n')[0]).toBe('KEY             SIZE');
  });

  it('honours --columns and --no-headers', async () => {
    const out = await render(printable, { ...base, columns: ['bytes', 'key'], headers: false });
    expect(out).toBe('64000  198.51.100.7\n 5120  198.51.100.20\n');
  });

  it('prints the whole API object as JSON, not just the rows', async () => {
    const out = await render(printable, { ...base, format: 'json' });
    expect(JSON.parse(out)).toEqual(telemetry);
  });
});

describe('control characters from the server', () => {
  // A CSI (C1), an OSC title (C0), a bidi override and an isolate, in a value and in a key.
  const hostile = {
    name: 'vm\u009b2J\u001b]0;pwned\u0007\u202Etxt.exe',
    tags: ['\u2067x'],
    period_prices: { 'monthly\u202E': 5 },
  };
  const printable = { kind: 'object', value: hostile } as const;
  // What a terminal would obey: C0 but the line breaks, DEL, C1, bidi controls.
  const RAW = /(?!\r?\n)[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

  it.each(['table', 'json', 'ndjson', 'yaml', 'csv'] as const)(
    'never reach the terminal raw with -o %s',
    async (format) => {
      expect(await render(printable, { ...base, format })).not.toMatch(RAW);
    },
  );

  it('stay the same data in JSON, NDJSON and YAML (\\u escapes)', async () => {
    expect(JSON.parse(await render(printable, { ...base, format: 'json' }))).toEqual(hostile);
    expect(JSON.parse(await render(printable, { ...base, format: 'ndjson' }))).toEqual(hostile);
    const yaml = await render(printable, { ...base, format: 'yaml' });
    expect(yaml).toContain('name: "vm\\u009b2J\\e]0;pwned\\a\\u202etxt.exe"');
    expect(parse(yaml)).toEqual(hostile);
  });

  it('are shown in caret and U+ notation in tables and CSV', async () => {
    const csv = await render(printable, { ...base, format: 'csv', columns: ['name'] });
    expect(csv).toBe('name\r\nvm^[[2J^[]0;pwned^G<U+202E>txt.exe\r\n');
    expect(await render(printable, { ...base, columns: ['name'] })).toBe(
      'name  vm^[[2J^[]0;pwned^G<U+202E>txt.exe\n',
    );
  });
});
