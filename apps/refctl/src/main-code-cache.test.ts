import { describe, expect, it } from 'vitest';
import { bundleText } from './main-code-cache';

describe('bundleText', () => {
  it('reads an ASCII bundle as it is', () => {
    const source = 'module.exports = "\\u2026";\n';
    expect(bundleText(Buffer.from(source))).toBe(source);
  });

  it('decodes a bundle with other characters as UTF-8', () => {
    const source = 'module.exports = "… ©";\n';
    expect(bundleText(Buffer.from(source, 'utf8'))).toBe(source);
  });
});
