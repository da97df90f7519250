import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { RefApiError, RefClient } from '@refapi/sdk';
import { createReferenceServer, type ListeningServer, type ReferenceServer } from '@refapi/server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_DIR } from '../scripts/ensure-built.mjs';
import { chromiumSkipReason, launchChromium } from './chromium';

const ADMIN_TOKEN = 'refadm_console_e2e_token_0001';
const API_KEY = 'refak_demo_eur_full';
const OUTPUT = fileURLToPath(new URL('../test-output/', import.meta.url));
const axeSource = createRequire(import.meta.url)('axe-core').source as string;

describe.skipIf(chromiumSkipReason !== undefined)(
  `web console in headless Chromium${chromiumSkipReason ? ` (skipped: ${chromiumSkipReason})` : ''}`,
  () => {
    let server: ReferenceServer;
    let listening: ListeningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    const requestIds: string[] = [];
    const cspViolations: string[] = [];
    let client: RefClient;
    let consoleUrl: string;

    // The test's own admin calls, with the token; a refused call fails the test at once.
    const admin = async (path: string, init: RequestInit = {}) => {
      const json = init.body === undefined ? {} : { 'content-type': 'application/json' };
      const response = await fetch(`${listening.url}/__admin${path}`, {
        ...init,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...json, ...init.headers },
      });
      if (!response.ok)
        throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
      return response;
    };
    const stateDoc = async () => (await (await admin('/state')).json()) as Record<string, unknown>;

    const show = async (view: string) => {
      await page.getByRole('link', { name: view, exact: true }).click();
      await page.getByRole('main', { name: view }).waitFor();
    };

    /** Serious or critical axe-core violations of the current page. */
    const axeViolations = async () => {
      await page.evaluate(axeSource);
      const results = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: () => Promise<unknown> } }).axe;
        return (await axe.run()) as {
          violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
        };
      });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };

    const screenshot = (name: string) => page.screenshot({ path: `${OUTPUT}${name}.png` });

    beforeAll(async () => {
      mkdirSync(OUTPUT, { recursive: true });
      server = createReferenceServer({ adminToken: ADMIN_TOKEN });
      listening = await server.listen({ consoleDir: CONSOLE_DIR });
      consoleUrl = `${listening.url}/__console/`;
      client = new RefClient({
        apiKey: API_KEY,
        baseUrl: listening.baseUrl,
        maxRetries: 0,
        // Keeps each response's Request-Id, to find the request in the journal.
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          const id = response.headers.get('request-id');
          if (id !== null) requestIds.push(id);
          return response;
        },
      });
      browser = await launchChromium();
      context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
      page = await context.newPage();
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
      });
    });

    afterAll(async () => {
      await browser?.close();
      await listening?.close();
    });

    it('serves the console with a strict CSP and immutable assets', async () => {
      const response = await fetch(consoleUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await response.text();
      const script = /src="(\/__console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      const asset = await fetch(`${listening.url}${script}`);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect(asset.headers.get('cache-control')).toContain('immutable');
    });

    it('refuses a wrong token with a clear message, then signs in by keyboard alone', async () => {
      await page.goto(consoleUrl);
      await page.getByLabel('Admin token').fill('refadm_wrong');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toMatch(/admin token was refused/);
      expect(page.url()).not.toContain('refadm');
      await screenshot('login-refused');

      // The token field has focus: type, Enter, then Tab to a view link and open it.
      await page.getByLabel('Admin token').fill('');
      await page.keyboard.type(ADMIN_TOKEN);
      await page.keyboard.press('Enter');
      await page.getByRole('navigation', { name: 'Views' }).waitFor();
      expect(page.url()).not.toContain(ADMIN_TOKEN);
      let focused = '';
      for (let i = 0; i < 10 && focused !== 'Accounts'; i++) {
        await page.keyboard.press('Tab');
        focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      }
      expect(focused).toBe('Accounts');
      await page.keyboard.press('Enter');
      await page.getByRole('main', { name: 'Accounts' }).waitFor();
      // The cookie is HttpOnly: the page's script cannot read it.
      expect(await page.evaluate(() => document.cookie)).toBe('');
    });

    it('a customer API key opens nothing of the admin API', async () => {
      for (const path of ['/whoami', '/state', '/requests']) {
        const response = await fetch(`${listening.url}/__admin${path}`, {
          headers: { authorization: `Bearer ${API_KEY}` },
        });
        expect(response.status, path).toBe(401);
      }
    });

    it('shows an SDK order live with its request id, body and a curl that replays it', async () => {
      await show('Journal');
      const order = await client.orders.create({
        type: 'kvm',
        plan_code: 'kvm-s',
        period_ref: 'REF-PERIOD-11',
        os_image_ref: 'REF-OS-11',
      });
      const id = requestIds.at(-1)!;
      expect(id).toMatch(/^req_[A-Za-z0-9]{24}$/);
      const row = page.locator(`[data-request-id="${id}"]`);
      await row.waitFor({ timeout: 1_000 });
      expect(await row.textContent()).toContain('createOrder');
      await row.click();
      expect(await page.getByTestId('detail-request-id').textContent()).toBe(id);
      expect(await page.getByTestId('request-body').textContent()).toContain(
        '"plan_code": "kvm-s"',
      );
      await page.getByRole('button', { name: 'Copy as curl' }).click();
      const curl = (await page.getByTestId('copy-snippet').textContent())!;
      expect(curl).not.toContain(API_KEY);
      // Asynchronously: the server answering curl runs in this very process.
      const { stdout } = await promisify(execFile)('bash', ['-c', curl], {
        encoding: 'utf8',
        env: { ...process.env, REF_API_KEY: API_KEY },
      });
      const replay = JSON.parse(stdout) as { service_ref: string; idempotent_replayed: boolean };
      expect(replay.service_ref).toBe(order.service_ref);
      expect(replay.idempotent_replayed).toBe(true);
      // The replay is journalled too, with its badge.
      await page.locator('.row .badge-info', { hasText: 'replay' }).first().waitFor();
      await screenshot('journal');
      expect(await axeViolations()).toEqual([]);
    });

    it('shows the accounts of the state read-only, keys masked', async () => {
      await show('Accounts');
      const text = (await page.getByRole('main', { name: 'Accounts' }).textContent())!;
      expect(text).toContain('REF-ACCT-1');
      expect(text).not.toContain(API_KEY);
      expect(text).toContain('refak_…full');
      await screenshot('accounts');
      expect(await axeViolations()).toEqual([]);
    });

    it('shows a queued Shield rule become active after "advance 10 s", without a reload', async () => {
      await admin('/clock', { method: 'POST', body: JSON.stringify({ frozen: true }) });
      const { rule } = await client.shield('REF-SVC-101').rules.create({
        name: 'drop inbound udp/53',
        mode: 'enforce',
        action: 'drop',
        risk: 'medium',
        protocol: 'udp',
        destination_port: 53,
      });
      await show('Shield');
      const state = page.locator(`[data-rule-id="${rule.id}"] [data-testid="rule-state"]`);
      await expect.poll(() => state.textContent()).toBe('queued');
      await show('Controls');
      await page.getByRole('button', { name: 'advance 10 s' }).click();
      await page.getByRole('status').filter({ hasText: 'Advance 10 s: done.' }).waitFor();
      await show('Shield');
      await expect.poll(() => state.textContent()).toBe('active');
      await page.locator('figure.chart canvas').first().waitFor();
      await screenshot('shield');
      expect(await axeViolations()).toEqual([]);
    });

    it('sets the power fault to reject: the next SDK power call fails with 502, badged', async () => {
      await show('Controls');
      await page.getByLabel('Power').selectOption('reject');
      await page.getByRole('button', { name: 'Apply faults' }).click();
      await page.getByRole('status').filter({ hasText: 'Faults: done.' }).waitFor();
      await screenshot('controls');
      expect(await axeViolations()).toEqual([]);
      const failure = await client.services.power('REF-SVC-101', 'reboot').catch((e) => e);
      expect(failure).toBeInstanceOf(RefApiError);
      expect((failure as RefApiError).status).toBe(502);
      const id = requestIds.at(-1)!;
      await show('Journal');
      const row = page.locator(`[data-request-id="${id}"]`);
      await row.waitFor();
      expect(await row.locator('.badge-fault').textContent()).toContain('power:reject');
      await row.click();
      await screenshot('journal-fault');
      await admin('/faults', { method: 'POST', body: JSON.stringify({ power: 'ok' }) });
    });

    it('shows the JSON path of a broken scenario and leaves the state unchanged', async () => {
      // A running clock would move `now` between the two reads of the state.
      await admin('/clock', { method: 'POST', body: JSON.stringify({ frozen: true }) });
      const before = await stateDoc();
      await show('Controls');
      await page.locator('#scenario-file').setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ accounts: [{ account_ref: 'REF-ACCT-9' }] })),
      });
      const path = page.getByTestId('scenario-error-path');
      await path.waitFor();
      expect(await path.textContent()).toMatch(/^accounts\[0\]\.\w+/);
      await screenshot('controls-scenario-error');
      expect(await stateDoc()).toEqual(before);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download state' }).click();
      const file = await (await download).path();
      const { readFile } = await import('node:fs/promises');
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(before);
    });

    it('refuses a cross-origin form POST to an admin mutation (CSRF)', async () => {
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
      await show('Journal');
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
      expect(cspViolations).toEqual([]);
    });
  },
);
