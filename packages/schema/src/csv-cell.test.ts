import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell';

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tindent', "'\tindent"],
    [' =1+1', "' =1+1"],
    ['\u00a0\u3000@cmd', "'\u00a0\u3000@cmd"],
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['\rreturn', `"'\rreturn"`],
    ['\n=1', `"'\n=1"`],
  ])('shows formula-like %j as text', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([
    ['say "hi"', '"say ""hi"""'],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
  ])('quotes %j per RFC 4180', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('leaves plain text alone, a formula character inside it too', () => {
    for (const text of ['203.0.113.7', 'a=b', 'x ＝ y', '', 'Zoë']) {
      expect(csvCell(text)).toBe(text);
    }
  });
});
