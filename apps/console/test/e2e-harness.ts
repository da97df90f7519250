import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { RefClient } from '@refapi/sdk';
import { createReferenceServer, type ListeningServer, type ReferenceServer } from '@refapi/server';
import type { SignInCodeIssued } from '@refapi/server/browser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CONSOLE_DIR } from '../scripts/ensure-built.mjs';
import { launchChromium } from './chromium';

// The console's e2e tests in one place: a ref-server serving the built console, headless
// Chromium signed in as an operator, the SDK as a customer, and the checks every view gets
// (screenshots at 1440 and 420 px, light and dark, axe, no sideways scroll).

export const ADMIN_TOKEN = 'refadm_console_e2e_token_0001';
export const API_KEY = 'refak_demo_eur_full';
const OUTPUT = fileURLToPath(new URL('../test-output/', import.meta.url));
const axeSource = createRequire(import.meta.url)('axe-core').source as string;

/** The widths every view is checked at: a desktop and the narrowest supported phone. */
const WIDTHS = [1440, 420] as const;
const SCHEMES = ['light', 'dark'] as const;

/** Everything a console e2e test drives. */
export interface Harness {
  readonly server: ReferenceServer;
  listening: ListeningServer;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly client: RefClient;
  /** `Request-Id` of each SDK call, in order. */
  readonly requestIds: string[];
  readonly cspViolations: string[];
  readonly consoleUrl: string;
  /** The test's own admin call with the token; a refused call throws. */
  admin(path: string, init?: RequestInit): Promise<Response>;
  /** Opens a view by its navigation link and waits for its region. */
  show(view: string): Promise<void>;
  /** Serious or critical axe-core violations of the page. */
  axeViolations(page?: Page): Promise<string[]>;
  /** Saves a screenshot of the page's viewport as `test-output/<name>.png`; returns the path. */
  screenshot(name: string, page?: Page): Promise<string>;
  /**
   * For each width and colour scheme: no sideways scroll, the header clock on one line, a
   * screenshot `<name>-<width>-<scheme>.png`, no axe violation. Ends at 1440 px, light.
   */
  checkEveryLook(name: string, settle?: () => Promise<void>): Promise<void>;
  /** Signs the page in by a one-time sign-in link, as the start banner prints it. */
  signIn(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the server and Chromium (1440 × 900, light). */
export async function startHarness(): Promise<Harness> {
  mkdirSync(OUTPUT, { recursive: true });
  const server = createReferenceServer({ adminToken: ADMIN_TOKEN });
  const listening = await server.listen({ consoleDir: CONSOLE_DIR });
  const requestIds: string[] = [];
  const cspViolations: string[] = [];
  const client = new RefClient({
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
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  const harness: Harness = {
    server,
    listening,
    browser,
    context,
    page,
    client,
    requestIds,
    cspViolations,
    consoleUrl: `${listening.url}/__console/`,
    async admin(path, init = {}) {
      const json = init.body === undefined ? {} : { 'content-type': 'application/json' };
      const response = await fetch(`${harness.listening.url}/__admin${path}`, {
        ...init,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...json, ...init.headers },
      });
      if (!response.ok) {
        throw new Error(`admin ${path}: ${response.status} ${await response.text()}`);
      }
      return response;
    },
    async show(view) {
      await page.getByRole('link', { name: view, exact: true }).click();
      await page.getByRole('main', { name: view }).waitFor();
    },
    async axeViolations(on = page) {
      // Once per document: parsing axe (half a megabyte) again for every look, and running
      // it cold each time, cost more CPU than the checks themselves.
      if (!(await on.evaluate(() => 'axe' in window))) await on.evaluate(axeSource);
      const results = await on.evaluate(async () => {
        type Axe = { run: (on: Document, options: { resultTypes: string[] }) => Promise<unknown> };
        const { axe } = window as unknown as { axe: Axe };
        // Every rule still runs and reports every violating node; passes and incomplete
        // results are only summarised (`resultTypes`), which the check never reads.
        return (await axe.run(document, { resultTypes: ['violations'] })) as {
          violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
        };
      });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    async screenshot(name, on = page) {
      const path = `${OUTPUT}${name}.png`;
      await on.screenshot({ path });
      return path;
    },
    async checkEveryLook(name, settle) {
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          // Layout, charts (resize observers) and fonts settle in a frame or two.
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          );
          await settle?.();
          const look = `${name} at ${width} px, ${scheme}`;
          expect(await sidewaysOverflow(page), look).toEqual([]);
          await harness.screenshot(`${name}-${width}-${scheme}`);
          expect(await harness.axeViolations(), look).toEqual([]);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1440, height: 900 });
    },
    async signIn() {
      const answer = await harness.admin('/session/codes', { method: 'POST' });
      const { code } = (await answer.json()) as SignInCodeIssued;
      await page.goto(`${harness.consoleUrl}?code=${code}`);
      await page.getByRole('navigation', { name: 'Views' }).waitFor();
    },
    async close() {
      await browser.close();
      await harness.listening.close().catch(() => undefined);
    },
  };
  return harness;
}

/**
 * What scrolls sideways or wraps where it must not: the page itself
 * (`document.scrollingElement.scrollWidth > innerWidth`), the view's scroll area, and the
 * header clock on more than one line. Empty when the layout holds.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > window.innerWidth) {
      problems.push(`page ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);
    }
    const main = document.querySelector('main');
    if (main && main.scrollWidth > main.clientWidth + 1) {
      problems.push(`view ${main.scrollWidth} px wide in ${main.clientWidth} px`);
    }
    const clock = document.querySelector('[data-testid="server-clock"]');
    if (clock) {
      const lineHeight = Number.parseFloat(getComputedStyle(clock).lineHeight) || 20;
      const height = clock.parentElement!.getBoundingClientRect().height;
      if (height > lineHeight * 1.6) problems.push(`header clock wraps (${height} px high)`);
    }
    return problems;
  });
}
