import { describe, expect, it } from 'vitest';
import { renderTable } from './table';

const rows = [
  ['REF-INV-2', '12.50', 'paid'],
  ['REF-INV-10', '3.00', 'open'],
];

describe('renderTable', () => {
  it('aligns columns with two spaces and no trailing blanks', () => {
    expect(renderTable(rows, { headers: ['INVOICE_REF', 'AMOUNT', 'STATUS'], color: false })).toBe(
      'INVOICE_REF  AMOUNT  STATUS\nREF-INV-2    12.50   paid\nREF-INV-10   3.00    open\n',
    );
  });

  it('drops the header row with --no-headers and right-aligns numeric columns', () => {
    const out = renderTable(rows, { headers: null, color: false, rightAligned: new Set([1]) });
    expect(out).toBe('REF-INV-2   12.50  paid\nREF-INV-10   3.00  open\n');
  });

  it('truncates the widest column with an ellipsis to fit a terminal', () => {
    const long = [['a'.repeat(40), 'short']];
    const out = renderTable(long, { headers: null, color: false, maxWidth: 20 });
    expect(out).toBe(`${'a'.repeat(12)}…  short\n`);
    expect(out.trimEnd().length).toBeLessThanOrEqual(20);
  });

  it('shows control sequences from the server instead of sending them to the terminal', () => {
    const evil = [['\u001b]0;pwned\u0007web', '\u001b[2K\rok']];
    const out = renderTable(evil, { headers: ['NAME', 'STATUS'], color: false });
    expect(out).toBe(`NAME${' '.repeat(13)}STATUS\n^[]0;pwned^Gweb  ^[[2K^Mok\n`);
    expect(out).not.toMatch(/(?!\n)\p{Cc}/u);
  });

  it('never truncates without a width (pipes get full values)', () => {
    const long = [['a'.repeat(300)]];
    expect(renderTable(long, { headers: null, color: false })).toBe(`${'a'.repeat(300)}\n`);
  });

  it('emboldens the header only when colors are on', () => {
    const out = renderTable([['x']], { headers: ['H'], color: true });
    expect(out).toBe('\u001b[1mH\u001b[22m\nx\n');
  });
});
