import { describe, expect, it } from 'vitest';
import { shownText } from './shown-text';

describe('shownText', () => {
  it('shows a code as sent when it has no control and fits', () => {
    for (const code of ['insufficient_scope', 'invalid_body: addons[3].units', 'x'.repeat(200)]) {
      expect(shownText(code)).toBe(code);
    }
  });

  it('escapes controls, separators and bidi controls as \\uXXXX', () => {
    expect(shownText('a\u001b[2J\r\n\u0085\u2028\u202e\u2066b')).toBe(
      'a\\u001b[2J\\u000d\\u000a\\u0085\\u2028\\u202e\\u2066b',
    );
  });

  it('cuts after 200 characters and says the length sent', () => {
    const long = 'y'.repeat(1_000_000);
    expect(shownText(long)).toBe(`${'y'.repeat(200)}… (1000000 characters)`);
    expect(shownText(`\u001b${'z'.repeat(300)}`)).toBe(
      `\\u001b${'z'.repeat(194)}… (301 characters)`,
    );
  });
});
