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

  it('neutralises formulas after leading whitespace and in full-width forms', () => {
    expect(csvRecord([' =1+1', '\u3000-2+3', '＝1+1', '＋1', '－1', '＠SUM(A1)', ' -3'])).toBe(
      "' =1+1,'\u3000-2+3,'＝1+1,'＋1,'－1,'＠SUM(A1),' -3\r\n",
    );
  });

  it('shows control characters and bidi controls as a table does', () => {
    expect(csvRecord(['\u001b]0;x\u0007', 'a\u009b2J', 'txt\u202Eexe', '\tx'])).toBe(
      '^[]0;x^G,a^[[2J,txt<U+202E>exe,^Ix\r\n',
    );
  });
});
