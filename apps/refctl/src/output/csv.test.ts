import { describe, expect, it } from 'vitest';
import { csvRecord } from './csv';

describe('csvRecord', () => {
  it('joins plain cells with commas and ends in CRLF', () => {
    expect(csvRecord(['REF-INV-1', '12.50', 'paid'])).toBe('REF-INV-1,12.50,paid\r\n');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvRecord(['a,b', 'say "hi"', 'x\ny'])).toBe('"a,b","say ""hi""","x\ny"\r\n');
  });

  it('neutralises formula-looking text but keeps negative numbers', () => {
    expect(csvRecord(['=SUM(A1)', '@cmd', '-3.07', '+x'])).toBe("'=SUM(A1),'@cmd,-3.07,'+x\r\n");
  });
});
