import { describe, expect, it } from 'vitest';
import { csvCell, telemetryCsv } from './csv';

const row = (key: string) => ({ key, packets: 10, bytes: 640, samples: 1 });

// A minimal RFC 4180 reader, independent of the writer: records end at CRLF outside quotes.
function readCsv(csv: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv.charAt(i);
    if (quoted && c === '"' && csv.charAt(i + 1) === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      cells.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && csv.charAt(i + 1) === '\n') {
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return records;
}

describe('csvCell', () => {
  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tindent', "'\tindent"],
    ['\rreturn', `"'\rreturn"`],
    ['-', "'-"],
    [' =1+1', "' =1+1"],
    ['\u3000+1', "'\u3000+1"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
  ])('neutralizes the formula trigger of %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([
    ['say "hi"', '"say ""hi"""'],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['=1+1,"x"', `"'=1+1,""x"""`],
  ])('quotes %j per RFC 4180', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('leaves plain text and numbers alone, and writes a missing value as empty', () => {
    expect(csvCell('203.0.113.7')).toBe('203.0.113.7');
    expect(csvCell('2001:db8::1')).toBe('2001:db8::1');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });
});

describe('telemetryCsv', () => {
  it('writes the header and one CRLF-terminated row per item', () => {
    const csv = telemetryCsv([row('203.0.113.7'), { key: 'udp', packets: 5, bytes: 300 }]);
    expect(csv).toBe('key,packets,bytes,samples\r\n203.0.113.7,10,640,1\r\nudp,5,300,\r\n');
  });

  it('writes only the header for no items', () => {
    expect(telemetryCsv([])).toBe('key,packets,bytes,samples\r\n');
  });

  it('keeps every hostile key inside its own cell of its own record', () => {
    const keys = [
      "=cmd|' /C calc'!A0",
      '+1',
      '-1',
      '@SUM',
      '\tx',
      ' =1',
      '＝1',
      'a"b',
      'a,b',
      'a\r\nb',
    ];
    const csv = telemetryCsv(keys.map(row));
    const records = readCsv(csv);
    expect(records).toHaveLength(keys.length + 1);
    expect(records.slice(1).map((r) => r.length)).toEqual(keys.map(() => 4));
    const parsed = records.slice(1).map((r) => r[0]!);
    for (const [i, key] of keys.entries()) {
      const dangerous = /^(?:[\t\r]|\s*[=+\-@＝＋－＠])/.test(key);
      expect(parsed[i]).toBe(dangerous ? `'${key}` : key);
    }
  });
});
