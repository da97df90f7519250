import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { BUDGET_BYTES, bundleSize } from '../scripts/bundle-size.mjs';

const CONSOLE_DIR = fileURLToPath(new URL('../../../packages/server/console', import.meta.url));

it('keeps JS and CSS together within 250 KiB gzipped', () => {
  const { files, total } = bundleSize(CONSOLE_DIR);
  expect(files.some((file) => file.name.endsWith('.js'))).toBe(true);
  expect(files.some((file) => file.name.endsWith('.css'))).toBe(true);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});

it('takes only the admin paths from @refapi/server/browser, not the server (msw, zod)', () => {
  const js = bundleSize(CONSOLE_DIR)
    .files.filter((file) => file.name.endsWith('.js'))
    .map((file) => readFileSync(`${CONSOLE_DIR}/assets/${file.name}`, 'utf8'))
    .join('\n');
  expect(js).not.toContain('[MSW]');
  expect(js).not.toContain('ZodError');
});

it('builds an index.html with no inline script or style (the CSP forbids them)', () => {
  const html = readFileSync(`${CONSOLE_DIR}/index.html`, 'utf8');
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style\b/);
  expect(html).not.toMatch(/\sstyle=/);
  expect(html).toContain('src="/__console/assets/');
});
