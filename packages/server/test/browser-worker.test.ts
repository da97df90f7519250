import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { expect, it } from 'vitest';
import { chromiumSkipReason, launchChromium } from './browser/chromium';
import { servePage } from './browser/serve-page';

const skipReason = chromiumSkipReason;

const bundle = async (entry: string, plugins: Plugin[] = []) => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    conditions: ['@refapi/source'],
    plugins,
  });
  return result.outputFiles[0]?.text ?? '';
};

it('bundles @refapi/server/browser with no Node builtin anywhere in the graph', async () => {
  const builtins: string[] = [];
  const recordBuiltins: Plugin = {
    name: 'record-builtins',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) => {
        if (isBuiltin(args.path)) builtins.push(`${args.path} (from ${args.importer})`);
        return undefined;
      });
    },
  };
  const code = await bundle('../src/testing/browser.ts', [recordBuiltins]);
  expect(builtins).toEqual([]);
  expect(code).toContain('setupWorker');
});

it.skipIf(skipReason !== undefined)(
  `answers the API from msw's service worker in headless Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  async () => {
    const site = await servePage(await bundle('./browser/page.ts'));
    // Nothing but the test's own server resolves: a request msw missed cannot leave.
    const browser = await launchChromium();
    const errors: string[] = [];
    try {
      const page = await browser.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(site.url);
      await page.waitForFunction(() => (window as { __refResult?: unknown }).__refResult, null, {
        timeout: 30_000,
      });
      const outcome = await page.evaluate(() => (window as { __refResult?: unknown }).__refResult);
      expect(errors).toEqual([]);
      expect(outcome).toEqual({
        ok: true,
        result: {
          me: [200, 'REF-ACCT-1'],
          order: [200, { amount: 45, currency: 'EUR' }],
          rule: [202, 'queued'],
          active: 'active',
          limited: [429, 'rate_limit_exceeded'],
          balance: [200, 45],
          journal: [
            'GET getAccount 200',
            'POST createOrder 200',
            'POST createShieldRule 202',
            'GET listShieldRules 200',
            'GET getBalance 429',
            'GET getBalance 200',
          ],
          controlled: true,
        },
      });
    } finally {
      await browser.close();
      await site.close();
    }
  },
  60_000,
);
