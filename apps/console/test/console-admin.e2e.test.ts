import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumSkipReason } from './chromium';
import { API_KEY, type Harness, startHarness } from './e2e-harness';

// The console's admin side in headless Chromium: how it is served, who reaches the admin
// API, scenario errors, the CSRF guard of the cookie session, and a full journal. Views,
// sign-in, layout and themes: console.e2e.test.ts.

describe.skipIf(chromiumSkipReason !== undefined)(
  `web console admin calls in headless Chromium${chromiumSkipReason ? ` (skipped: ${chromiumSkipReason})` : ''}`,
  () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
      await h.signIn();
    });
    afterAll(() => h?.close());
    const stateDoc = async () =>
      (await (await h.admin('/state')).json()) as Record<string, unknown>;

    it('serves the console with a strict CSP and immutable assets', async () => {
      const response = await fetch(h.consoleUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      const script = /src="(\/__console\/assets\/[^"]+\.js)"/.exec(await response.text())?.[1];
      const asset = await fetch(`${h.listening.url}${script}`);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect(asset.headers.get('cache-control')).toContain('immutable');
    });

    it('a customer API key opens nothing of the admin API', async () => {
      for (const path of ['/whoami', '/state', '/requests', '/session/codes']) {
        const response = await fetch(`${h.listening.url}/__admin${path}`, {
          method: path === '/session/codes' ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${API_KEY}` },
        });
        expect(response.status, path).toBe(401);
      }
    });

    it('shows the JSON path of a broken scenario and leaves the state unchanged', async () => {
      const { page } = h;
      // A running clock would move `now` between the two reads of the state.
      await h.admin('/clock', { method: 'POST', body: JSON.stringify({ frozen: true }) });
      const before = await stateDoc();
      await h.show('Controls');
      await page.locator('#scenario-file').setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ accounts: [{ account_ref: 'REF-ACCT-9' }] })),
      });
      const path = page.getByTestId('scenario-error-path');
      await path.waitFor();
      expect(await path.textContent()).toMatch(/^accounts\[0\]\.\w+/);
      await h.screenshot('controls-scenario-error-1440-light');
      expect(await stateDoc()).toEqual(before);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download state' }).click();
      const file = await (await download).path();
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(before);
    });

    it('tops up an account from the Controls view: the balance the server keeps moves', async () => {
      const { page } = h;
      type Accounts = { accounts: { account_ref: string; balance: number }[] };
      const balanceOf = async (ref: string) =>
        ((await stateDoc()) as Accounts).accounts.find((a) => a.account_ref === ref)?.balance;
      const ref = ((await stateDoc()) as Accounts).accounts[0]?.account_ref as string;
      const before = (await balanceOf(ref)) as number;
      await h.show('Controls');
      await page.getByLabel('Account', { exact: true }).selectOption(ref);
      await page.getByLabel(/^Amount/).fill('12.34');
      await page.getByRole('button', { name: 'Top up', exact: true }).click();
      await page.getByText(new RegExp(`^Top up ${ref} by 12\\.34 \\w{3}: done\\.$`)).waitFor();
      expect(Math.round(((await balanceOf(ref)) as number) * 100)).toBe(
        Math.round(before * 100) + 1234,
      );
    });

    it('refuses a cross-origin form POST to an admin mutation (CSRF)', async () => {
      const { page, context, listening } = h;
      const ordersBefore = JSON.stringify((await stateDoc()).accounts);
      // Same site (127.0.0.1), other origin: the browser sends the cookie, not the header.
      const attacker: Server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' }).end(
          `<!doctype html><form method="POST" action="${listening.url}/__admin/reset" enctype="text/plain">
           <input name="x" value="y"></form><script>document.forms[0].submit()</script>`,
        );
      });
      await new Promise<void>((done) => attacker.listen(0, '127.0.0.1', done));
      const evil = await context.newPage();
      try {
        const answer = evil.waitForResponse(`${listening.url}/__admin/reset`);
        await evil.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
        const response = await answer;
        expect(response.status()).toBe(403);
        expect(await response.json()).toEqual({ error: 'csrf_header_required' });
      } finally {
        await evil.close();
        attacker.close();
      }
      // From the console's own origin too: the cookie alone changes nothing.
      const direct = await page.evaluate(async () => {
        const response = await fetch('/__admin/reset', { method: 'POST' });
        return response.status;
      });
      expect(direct).toBe(403);
      expect(JSON.stringify((await stateDoc()).accounts)).toBe(ordersBefore);
    });

    it('keeps a 1,000-entry journal virtualised and filterable', async () => {
      const { page, listening } = h;
      await h.show('Journal');
      let lastId = '';
      for (let batch = 0; batch < 50; batch++) {
        const responses = await Promise.all(
          Array.from({ length: 20 }, () =>
            fetch(`${listening.baseUrl}/plans`, {
              headers: { authorization: `Bearer ${API_KEY}` },
            }),
          ),
        );
        lastId = responses.at(-1)!.headers.get('request-id')!;
      }
      await expect
        .poll(() => page.locator('output').textContent(), { timeout: 10_000 })
        .toBe('1000 of 1000');
      // Only the rows in view (plus overscan) are in the DOM.
      expect(await page.locator('.rows .row').count()).toBeLessThan(80);
      await page.getByLabel('Text').fill(lastId);
      await expect.poll(() => page.locator('output').textContent()).toBe('1 of 1000');
      expect(await page.locator('.rows .row').count()).toBe(1);
      // Keyboard: focus the list, arrow down to the entry, its detail opens.
      await page.getByRole('listbox').focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.getByTestId('detail-request-id').textContent()).toBe(lastId);
      await page.getByLabel('Text').fill('');
      await page.getByLabel('Status').fill('5xx');
      await expect.poll(() => page.locator('output').textContent()).toBe('0 of 1000');
      expect(h.cspViolations).toEqual([]);
    });
  },
);
