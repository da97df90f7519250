import type { SpaceList } from '@refapi/server/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumSkipReason } from './chromium';
import { API_KEY, type Harness, startHarness } from './e2e-harness';

// Spaces in the console: created from the Controls view, chosen in the header, every view
// on that space only; and back to Root, with a notice, once the space is gone.

describe.skipIf(chromiumSkipReason !== undefined)(
  `spaces in the web console in headless Chromium${chromiumSkipReason ? ` (skipped: ${chromiumSkipReason})` : ''}`,
  () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
      await h.signIn();
    });
    afterAll(() => h?.close());
    const row = (id: string) => h.page.locator(`[data-request-id="${id}"]`);
    const switcher = () => h.page.getByTestId('space-select');
    const spacesCard = () => h.page.getByRole('region', { name: 'Spaces' });
    /** The id of the space of that name, as `GET /__admin/spaces` lists it. */
    const spaceNamed = async (name: string) => {
      const { spaces } = (await (await h.admin('/spaces')).json()) as SpaceList;
      return spaces.find((space) => space.name === name)?.space_id;
    };
    /** A customer API call with the demo key, at the root (`prefix` '') or in a space. */
    const call = (prefix: string, path: string, body?: unknown) =>
      fetch(`${h.listening.url}${prefix}/v1${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${API_KEY}`,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    /** Creates a space in the Spaces card of the Controls view; returns its id. */
    const createSpace = async (name: string, from: 'scenario' | 'current') => {
      await h.show('Controls');
      await spacesCard().getByLabel('Name (optional)').fill(name);
      await spacesCard().getByLabel('Copy of').selectOption(from);
      await spacesCard().getByRole('button', { name: 'Create space' }).click();
      await spacesCard()
        .getByRole('status')
        .filter({ hasText: new RegExp(`^Created space "${name}" \\(sp_[\\w-]+\\)\\.$`) })
        .waitFor();
      const id = await spaceNamed(name);
      expect(id).toMatch(/^sp_[A-Za-z0-9_-]{16,}$/);
      return id!;
    };
    let spaceId = '';
    let orderRequest = '';

    it('creates a space, journals its API requests there and not at the root, and stays in it across a reload', async () => {
      const { page } = h;
      spaceId = await createSpace('e2e-run', 'scenario');
      // The header lists it by name with its requests; choosing it shows that space.
      await expect
        .poll(() => switcher().locator('option').allTextContents())
        .toContainEqual(expect.stringMatching(/^e2e-run · \d+ requests?$/));
      await switcher().selectOption(spaceId);
      await h.show('Journal');
      await page.getByText(/^No requests yet/).waitFor();

      const order = await call(`/spaces/${spaceId}`, '/orders', {
        type: 'kvm',
        plan_code: 'kvm-s',
        period_ref: 'REF-PERIOD-11',
        os_image_ref: 'REF-OS-11',
      });
      expect(order.status).toBe(200);
      const { service_ref } = (await order.json()) as { service_ref: string };
      orderRequest = order.headers.get('request-id')!;
      await row(orderRequest).waitFor();
      expect(await row(orderRequest).textContent()).toMatch(
        new RegExp(`POST /spaces/${spaceId}/v1/orders.*createOrder.*200 OK`),
      );
      // Copy as curl and refctl send it to the space again.
      await row(orderRequest).click();
      await page.getByRole('button', { name: 'Copy as curl' }).click();
      expect(await page.getByTestId('copy-snippet').textContent()).toContain(
        `'${h.listening.url}/spaces/${spaceId}/v1/orders'`,
      );
      await page.getByRole('button', { name: 'Copy as refctl' }).click();
      expect(await page.getByTestId('copy-snippet').textContent()).toContain(
        `--base-url '${h.listening.url}/spaces/${spaceId}/v1'`,
      );
      await page.getByRole('button', { name: 'Close detail' }).click();
      await h.checkEveryLook('space-journal');

      // The other views read the space's state: its new service is there.
      await h.show('Accounts');
      await page.getByRole('main', { name: 'Accounts' }).getByText(service_ref).first().waitFor();

      // A reload stays in the space.
      await h.show('Journal');
      await page.reload();
      await row(orderRequest).waitFor();
      expect(await switcher().inputValue()).toBe(spaceId);
      await h.show('Controls');
      await spacesCard().locator(`[data-space-id="${spaceId}"]`).getByText('shown').waitFor();
      await h.checkEveryLook('space-controls');

      // Root's journal has a request of its own, and not the space's order.
      await switcher().selectOption({ label: 'Root' });
      await h.show('Journal');
      const atRoot = await call('', '/me');
      await row(atRoot.headers.get('request-id')!).waitFor();
      expect(await row(orderRequest).count()).toBe(0);
      expect(await switcher().inputValue()).toBe('');
    });

    it('goes back to Root with a notice once the space is deleted elsewhere', async () => {
      const { page } = h;
      await switcher().selectOption(spaceId);
      await row(orderRequest).waitFor();
      await h.admin(`/spaces/${spaceId}`, { method: 'DELETE' });
      // The next listing (every 5 s) lacks it; the space itself then answers 404.
      const notice = page.getByTestId('space-notice');
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.textContent()).toMatch(
        `Space "e2e-run" (${spaceId}) no longer exists (deleted elsewhere, or expired unused); showing Root.`,
      );
      expect(await switcher().inputValue()).toBe('');
      expect(await switcher().locator('option').allTextContents()).toEqual(['Root']);
      expect(await row(orderRequest).count()).toBe(0);
      await h.checkEveryLook('space-gone');
      await page.reload();
      await page.getByRole('navigation', { name: 'Views' }).waitFor();
      expect(await switcher().inputValue()).toBe('');
    });

    it('saves and restores a snapshot of the space shown, and deletes the space from its card', async () => {
      const { page } = h;
      const id = await createSpace('to-delete', 'current');
      const item = spacesCard().locator(`[data-space-id="${id}"]`);
      await item.getByRole('button', { name: 'Show' }).click();
      await expect.poll(() => switcher().inputValue()).toBe(id);

      await page.getByLabel('Snapshot name').fill('before-run');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Save snapshot before-run: done.' })
        .waitFor();
      const saved = (await (await h.admin('/snapshots')).json()) as { snapshots: unknown[] };
      expect(saved.snapshots).toEqual([]); // the space's, not the root's
      const snapshot = page.locator('[data-snapshot="before-run"]');
      await snapshot.getByRole('button', { name: 'Restore' }).click();
      await page.getByRole('status').filter({ hasText: 'Restore before-run: done.' }).waitFor();

      await spacesCard().locator(`[data-space-id="${id}"]`).getByText('Delete…').click();
      await spacesCard().getByRole('button', { name: 'Yes, delete' }).click();
      const notice = page.getByTestId('space-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(
        `Space "to-delete" (${id}) was deleted; showing Root.`,
      );
      expect(await switcher().inputValue()).toBe('');
      expect(await spaceNamed('to-delete')).toBeUndefined();
      expect(h.cspViolations).toEqual([]);
    });
  },
);
