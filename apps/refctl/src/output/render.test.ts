import { describe, expect, it } from 'vitest';
import { type RenderSettings, render } from './render';
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
