import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { RefApiError } from '@refapi/sdk';
import type { SignInCodeIssued } from '@refapi/server/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_DIR } from '../scripts/ensure-built.mjs';
import { chromiumSkipReason } from './chromium';
import { ADMIN_TOKEN, API_KEY, type Harness, sidewaysOverflow, startHarness } from './e2e-harness';

describe.skipIf(chromiumSkipReason !== undefined)(
  `web console in headless Chromium${chromiumSkipReason ? ` (skipped: ${chromiumSkipReason})` : ''}`,
  () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
    });
    afterAll(() => h?.close());
    const row = (id: string) => h.page.locator(`[data-request-id="${id}"]`);

    it('signs in by the start banner’s link once; a used link says so on the sign-in page', async () => {
      const { code } = (await (
        await h.admin('/session/codes', { method: 'POST' })
      ).json()) as SignInCodeIssued;
      const link = `${h.consoleUrl}?code=${code}#accounts`;
      const first = await h.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await first.newPage();
      await page.goto(link);
      await page.getByRole('main', { name: 'Accounts' }).waitFor();
      // The code left the address bar (and history) at once; the cookie is HttpOnly.
      expect(page.url()).toBe(`${h.consoleUrl}#accounts`);
      expect(await page.evaluate(() => document.cookie)).toBe('');
      await first.close();

      const second = await h.browser.newContext({ viewport: { width: 420, height: 900 } });
      const again = await second.newPage();
      await again.goto(link);
      const notice = again.getByTestId('sign-in-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(/^This sign-in link was used already/);
      expect(again.url()).not.toContain(code);
      expect(await again.getByRole('main').textContent()).toMatch(/--admin-token.*REF_ADMIN_TOKEN/);
      expect(await sidewaysOverflow(again)).toEqual([]);
      await h.screenshot('sign-in-link-used-420-light', again);
      expect(await h.axeViolations(again)).toEqual([]);
      await second.close();
    });

    it('refuses a wrong token with a clear message, then signs in by keyboard alone', async () => {
      const { page } = h;
      await page.goto(h.consoleUrl);
      await page.getByLabel('Admin token').fill('refadm_wrong');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toMatch(/admin token was refused.*start.*--admin-token or REF_ADMIN_TOKEN/);
      expect(page.url()).not.toContain('refadm');
      await h.checkEveryLook('login-refused');

      // The token field has focus: type, Enter, then Tab to a view link and open it.
      await page.getByLabel('Admin token').fill('');
      await page.getByLabel('Admin token').focus();
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
      expect(await page.evaluate(() => document.cookie)).toBe('');
    });

    it('journals an SDK order live: method, path, status text, and a curl that replays it', async () => {
      const { page, client } = h;
      await h.show('Journal');
      const order = await client.orders.create({
        type: 'kvm',
        plan_code: 'kvm-s',
        period_ref: 'REF-PERIOD-11',
        os_image_ref: 'REF-OS-11',
      });
      const id = h.requestIds.at(-1)!;
      expect(id).toMatch(/^req_[A-Za-z0-9]{24}$/);
      await row(id).waitFor({ timeout: 1_000 });
      expect(await row(id).textContent()).toMatch(/POST \/v1\/orders.*createOrder.*200 OK/);
      await row(id).click();
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
      expect([replay.service_ref, replay.idempotent_replayed]).toEqual([order.service_ref, true]);
      await page.locator('.row .badge-info', { hasText: 'replay' }).first().waitFor();
    });

    it('tells 401, 404 and 422 apart by colour and by words', async () => {
      const { page } = h;
      const call = (path: string, key: string, body?: unknown) =>
        fetch(`${h.listening.baseUrl}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            'idempotency-key': crypto.randomUUID(),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const answers = await Promise.all([
        call('/me', 'refak_not_a_key'),
        call('/services/REF-SVC-999', API_KEY),
        call('/orders', API_KEY, {
          type: 'kvm',
          plan_code: 'kvm-s',
          period_ref: 'REF-PERIOD-999',
          os_image_ref: 'REF-OS-11',
        }),
      ]);
      const expected = [
        [401, 'Unauthorized', 'status-denied'],
        [404, 'Not Found', 'status-missing'],
        [422, 'Unprocessable Content', 'status-refused'],
      ] as const;
      expect(answers.map((a) => a.status)).toEqual(expected.map(([status]) => status));
      for (const [index, [status, text, tone]] of expected.entries()) {
        const badge = row(answers[index]!.headers.get('request-id')!).locator('.status');
        await badge.waitFor();
        expect(await badge.textContent()).toBe(`${status} ${text}`);
        expect(await badge.getAttribute('class')).toBe(`status ${tone}`);
      }
      const colours = await page
        .locator('.rows .status')
        .evaluateAll((badges) =>
          badges.map((badge) => `${badge.textContent}: ${getComputedStyle(badge).color}`),
        );
      const byStatus = (s: number) => colours.find((c) => c.startsWith(`${s} `))!.split(': ')[1];
      expect(new Set([byStatus(401), byStatus(404), byStatus(422), byStatus(200)]).size).toBe(4);
      await h.checkEveryLook('journal');
    });

    it('shows the accounts newest first, keys masked, without inner scrollers', async () => {
      const { page } = h;
      await h.show('Accounts');
      const main = page.getByRole('main', { name: 'Accounts' });
      const text = (await main.textContent())!;
      expect(text).toContain('REF-ACCT-1');
      expect(text).not.toContain(API_KEY);
      expect(text).toContain('refak_…full');
      const state = (await (await h.admin('/state')).json()) as {
        accounts: { account_ref: string; orders: { order_ref: string; created_at?: string }[] }[];
      };
      const orders = state.accounts[0]!.orders.filter((o) => o.created_at);
      const newest = orders.sort((a, b) => b.created_at!.localeCompare(a.created_at!))[0]!;
      const firstOrder = main
        .getByRole('region', { name: /^Orders/ })
        .locator('tbody tr td')
        .first();
      expect(await firstOrder.textContent()).toBe(newest.order_ref);
      expect(await page.locator('.table-scroll').count()).toBe(0);
      await h.checkEveryLook('accounts');
    });

    it('lists every Shield rule the API lists, each with its mode', async () => {
      const { page, client } = h;
      await h.admin('/clock', { method: 'POST', body: JSON.stringify({ frozen: true }) });
      const shield = client.shield('REF-SVC-101');
      const intent = { action: 'drop', risk: 'medium', protocol: 'udp' } as const;
      const { rule } = await shield.rules.create({
        ...intent,
        name: 'drop inbound udp/53',
        mode: 'enforce',
        destination_port: 53,
      });
      const { rule: watch } = await shield.rules.create({
        ...intent,
        name: 'watch udp/123',
        mode: 'observe',
        destination_port: 123,
      });
      const { rule: removed } = await shield.rules.create({
        ...intent,
        name: 'x',
        mode: 'enforce',
        destination_port: 1900,
      });
      await shield.presets.apply('rate-limit-syn');
      await shield.rules.delete(removed.id);
      await h.show('Shield');
      const state = page.locator(`[data-rule-id="${rule.id}"] [data-testid="rule-state"]`);
      await expect.poll(() => state.textContent()).toBe('queued');
      await h.show('Controls');
      await page.getByRole('button', { name: 'advance 10 s' }).click();
      await page.getByRole('status').filter({ hasText: 'Advance 10 s: done.' }).waitFor();
      await h.show('Shield');
      await expect.poll(() => state.textContent()).toBe('active');

      const listed = await fetch(`${h.listening.baseUrl}/services/REF-SVC-101/shield/rules`, {
        headers: { authorization: `Bearer ${API_KEY}` },
      });
      const { rules } = (await listed.json()) as { rules: { id: string }[] };
      expect(rules.length).toBeGreaterThanOrEqual(4);
      expect(await page.getByTestId('rule-count').textContent()).toBe(String(rules.length));
      expect(await page.getByTestId('listed-rule').count()).toBe(rules.length);
      const observe = page.locator(`[data-rule-id="${watch.id}"]`);
      expect(await observe.getByTestId('rule-mode').textContent()).toBe('observe: reports only');
      expect(await observe.textContent()).toContain('would drop udp dst 123');
      expect(await page.locator(`[data-rule-id="${rule.id}"]`).textContent()).toContain('enforce');
      await page.locator('figure.chart canvas').first().waitFor();
      await h.checkEveryLook('shield', () => page.locator('figure.chart canvas').first().waitFor());
    });

    it('explains each control, shows an applied fault outside its dropdown, takes UTC as ISO text', async () => {
      const { page, client } = h;
      await h.show('Controls');
      await page.getByLabel('Power', { exact: true }).selectOption('reject');
      await page.getByRole('button', { name: 'Apply faults' }).click();
      await page.getByRole('status').filter({ hasText: 'Faults: done.' }).waitFor();
      await expect
        .poll(() => page.getByTestId('applied-faults').textContent())
        .toContain('power=reject');
      const faults = page.getByRole('region', { name: 'Faults' });
      expect(await faults.locator('.card-description').textContent()).toMatch(
        /^Makes the simulated/,
      );
      const setTo = page.getByLabel('Set to (UTC, ISO 8601)');
      expect(await setTo.getAttribute('type')).toBe('text');
      await setTo.fill('01/01/2026 01:00 AM');
      await page.getByText(/^Use ISO 8601 in UTC/).waitFor();
      await setTo.fill('2026-01-01T01:00:00Z');
      await page.getByRole('button', { name: 'Set', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Set clock: done.' }).waitFor();
      expect(await page.getByTestId('server-clock').textContent()).toBe('2026-01-01 01:00:00');
      await h.checkEveryLook('controls');

      const failure = await client.services.power('REF-SVC-101', 'reboot').catch((e) => e);
      expect([failure instanceof RefApiError, (failure as RefApiError).status]).toEqual([
        true,
        502,
      ]);
      await h.show('Journal');
      const fault = row(h.requestIds.at(-1)!);
      await fault.waitFor();
      expect(await fault.locator('.badge-fault').textContent()).toContain('power:reject');
      expect(await fault.locator('.status').textContent()).toBe('502 Bad Gateway');
      await fault.click();
      await h.screenshot('journal-fault-1440-light');
      await h.admin('/faults', { method: 'POST', body: JSON.stringify({ power: 'ok' }) });
    });

    it('moves a month and lists what the clock applied in the journal, live', async () => {
      const { page } = h;
      await h.show('Journal');
      await h.show('Controls');
      await page.getByRole('button', { name: 'advance 1 month' }).click();
      await page.getByRole('status').filter({ hasText: 'Advance 1 month: done.' }).waitFor();
      const listed = (await (await h.admin('/requests?limit=1000')).json()) as {
        requests: { kind?: string; event?: string; service_ref?: string }[];
      };
      const applied = listed.requests.filter((entry) => entry.kind === 'clock_event');
      // The demo is made so that a month shows each kind of service event.
      expect([...new Set(applied.map((event) => event.event))]).toEqual(
        expect.arrayContaining(['service_renewal', 'service_suspension', 'service_expiry']),
      );
      await h.show('Journal');
      const rows = page.locator('[data-clock-event]');
      await expect.poll(() => rows.count()).toBe(applied.length);
      const renewal = page.locator('[data-clock-event="service_renewal"]').first();
      expect(await renewal.textContent()).toMatch(
        /REF-SVC-\d+ renewed · [\d,.]+ [A-Z]{3} · until /,
      );
      await page.getByLabel('Operation').selectOption('clock: service_suspension');
      await expect
        .poll(() => rows.count())
        .toBe(applied.filter((event) => event.event === 'service_suspension').length);
      await page.locator('[data-clock-event="service_suspension"]').first().click();
      const facts = page.getByTestId('clock-event-facts');
      expect(await facts.textContent()).toMatch(/^event.*service_suspension.*invoice.*amount/);
      await h.checkEveryLook('journal-clock-event');
      await page.getByLabel('Operation').selectOption('');
    });

    it('says when the server stops answering, marks the views stale and stops the clock', async () => {
      const { page } = h;
      await h.show('Accounts');
      await h.show('Controls');
      await page.getByRole('button', { name: 'Unfreeze' }).click();
      await h.show('Accounts');
      await expect.poll(() => page.getByTestId('stream-state').textContent()).toBe('live');
      // The header clock ticks while the server answers…
      const ticking = await page.getByTestId('server-clock').textContent();
      // It ticks once a second: wait a few, for a machine under load.
      await expect
        .poll(() => page.getByTestId('server-clock').textContent(), { timeout: 5_000 })
        .not.toBe(ticking);
      const port = h.listening.port;
      await h.listening.close();
      const banner = page.getByTestId('outage');
      await banner.waitFor({ timeout: 10_000 });
      expect(await banner.textContent()).toMatch(
        new RegExp(
          `^The reference server at http://127\\.0\\.0\\.1:${port} is not reachable; showing data from \\d\\d:\\d\\d:\\d\\d\\.`,
        ),
      );
      expect(await page.getByRole('main').getAttribute('data-stale')).toBe('true');
      // …and stops while it does not.
      const clock = await page.getByTestId('server-clock').textContent();
      await page.waitForTimeout(2_100);
      expect(await page.getByTestId('server-clock').textContent()).toBe(clock);
      await h.checkEveryLook('outage');

      // Back on the same port: the banner goes by itself.
      h.listening = await h.server.listen({ port, consoleDir: CONSOLE_DIR });
      await banner.waitFor({ state: 'detached', timeout: 10_000 });
      expect(await page.getByRole('main').getAttribute('data-stale')).toBeNull();
      expect(h.cspViolations).toEqual([]);
    });
  },
);
