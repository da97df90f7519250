import { afterAll, beforeAll, expect, it } from 'vitest';
import { createReferenceServer, type ListeningServer } from '../src/index';
import { chromiumSkipReason, launchChromium } from './browser/chromium';
import { type PageServer, servePage } from './browser/serve-page';

// A page on one localhost port calls ref-server on another, as a dev-server app would.
let site: PageServer;
let open: ListeningServer;
let closed: ListeningServer;
const server = createReferenceServer({ adminToken: 'test-admin-token' });
const key = 'refak_demo_eur_full';

beforeAll(async () => {
  site = await servePage('');
  open = await server.listen({ port: 0 });
  closed = await server.listen({ port: 0, cors: ['https://app.example.com'] });
});
afterAll(async () => {
  await open?.close();
  await closed?.close();
  await site?.close();
});

it.skipIf(chromiumSkipReason !== undefined)(
  `lets a page on another localhost port call the API, preflight included${chromiumSkipReason ? ` (skipped: ${chromiumSkipReason})` : ''}`,
  async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(site.url);
      const outcome = await page.evaluate(
        async ({ allowed, refused, key }) => {
          // Authorization, JSON and Idempotency-Key make this a preflighted request.
          const res = await fetch(`${allowed}/orders`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${key}`,
              'content-type': 'application/json',
              'idempotency-key': 'browser-order-1',
            },
            body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
          });
          const replay = await fetch(`${allowed}/orders`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${key}`,
              'content-type': 'application/json',
              'idempotency-key': 'browser-order-1',
            },
            body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
          });
          let refusedError = '';
          try {
            await fetch(`${refused}/me`, { headers: { authorization: `Bearer ${key}` } });
          } catch (error) {
            refusedError = (error as Error).name;
          }
          return {
            status: res.status,
            requestId: res.headers.get('request-id'),
            remaining: res.headers.get('ratelimit-remaining'),
            replayed: replay.headers.get('idempotent-replayed'),
            refusedError,
          };
        },
        { allowed: open.baseUrl, refused: closed.baseUrl, key },
      );
      expect(outcome).toEqual({
        status: 200,
        requestId: expect.stringMatching(/^req_[A-Za-z0-9]{24}$/),
        remaining: '119',
        replayed: 'true',
        refusedError: 'TypeError',
      });
      const journal = server.admin.requests().map((e) => [e.id, e.method, e.status]);
      // The refused origin's preflight ends at 405: its GET is never sent.
      expect(journal).toEqual([
        [outcome.requestId, 'POST', 200],
        [expect.any(String), 'POST', 200],
        [expect.any(String), 'OPTIONS', 405],
      ]);
    } finally {
      await browser.close();
    }
  },
  60_000,
);
