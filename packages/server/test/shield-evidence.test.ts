// Evidence: sanitized samples of an owned rule, filtered by action, paged by an opaque
// cursor that cannot be tampered with.
import { ShieldEvidence } from '@refapi/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createRule,
  expectBody,
  expectError,
  OWN_IP,
  ShieldWorld,
  SVC,
  shieldPath,
} from './shield-harness';

let world: ShieldWorld;
beforeAll(async () => {
  world = await ShieldWorld.start();
});
afterAll(() => world.stop());
beforeEach(() => world.reset());

const evidence = (ruleId: string, query = '', serviceRef: string = SVC.own) =>
  world.call('GET', shieldPath(serviceRef, `/rules/${ruleId}/evidence${query}`));

/** Walks every page; returns the pages' items. */
async function walk(ruleId: string, query: string): Promise<ShieldEvidence['items'][]> {
  const pages: ShieldEvidence['items'][] = [];
  let cursor: string | undefined;
  for (;;) {
    const q = `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = expectBody(await evidence(ruleId, `?${q}`), 200, ShieldEvidence);
    expect(page.rule_id).toBe(ruleId);
    pages.push(page.items);
    if (page.next_cursor === undefined) return pages;
    cursor = page.next_cursor;
  }
}

async function activeRateLimitRule(): Promise<string> {
  const id = await createRule(world, {
    action: 'rate_limit',
    rate_pps: 1000,
    protocol: 'tcp',
    destination_port: 443,
  });
  await world.advance(10 + 3600);
  return id;
}

describe('GET …/shield/rules/{rule_id}/evidence', () => {
  it('has no samples before the rule is active', async () => {
    const id = await createRule(world);
    expect(expectBody(await evidence(id), 200, ShieldEvidence)).toEqual({ rule_id: id, items: [] });
  });

  it('walks every sample once, newest first, with the default page size of 50', async () => {
    const id = await activeRateLimitRule();
    const pages = await walk(id, 'limit=50');
    const all = pages.flat();
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every((p) => p.length === 50)).toBe(true);
    expect(new Set(all.map((i) => i.observed_at)).size).toBe(all.length);
    const times = all.map((i) => Date.parse(i.observed_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.every((i) => i.destination_address === OWN_IP && i.destination_port === 443)).toBe(
      true,
    );
    const firstDefault = expectBody(await evidence(id), 200, ShieldEvidence);
    expect(firstDefault.items).toEqual(pages[0]);
    expect((await walk(id, 'limit=13')).flat()).toEqual(all);
  });

  it('filters by action across pages', async () => {
    const id = await activeRateLimitRule();
    const all = (await walk(id, 'limit=50')).flat();
    const drops = (await walk(id, 'limit=20&action=drop')).flat();
    const limited = (await walk(id, 'limit=20&action=rate_limit')).flat();
    expect(drops.length).toBeGreaterThan(0);
    expect(limited.length).toBeGreaterThan(0);
    expect(drops.every((i) => i.action === 'drop')).toBe(true);
    expect(limited.every((i) => i.action === 'rate_limit')).toBe(true);
    expect(drops.length + limited.length).toBe(all.length);
  });

  it.each([
    ['limit', '?limit=0'],
    ['limit', '?limit=51'],
    ['action', '?action=pass'],
    ['cursor', '?cursor='],
    ['cursor', `?cursor=${'x'.repeat(2049)}`],
  ])('answers 400 invalid_query: %s for %s', async (field, query) => {
    const id = await createRule(world);
    expectError(await evidence(id, query), 400, `invalid_query: ${field}`);
  });

  it('accepts limit 1 and 50', async () => {
    const id = await activeRateLimitRule();
    expect(expectBody(await evidence(id, '?limit=1'), 200, ShieldEvidence).items).toHaveLength(1);
    expect(expectBody(await evidence(id, '?limit=50'), 200, ShieldEvidence).items).toHaveLength(50);
  });

  it('answers 400 invalid_query: cursor for a tampered, forged or foreign cursor', async () => {
    const id = await activeRateLimitRule();
    const other = await createRule(world, { name: 'other', action: 'drop' });
    await world.advance(3600);
    const cursor: string = (await evidence(id, '?limit=5')).body.next_cursor;
    const [payload, mac] = cursor.split('.');
    const flipped = (s: string, i: number) =>
      s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forged = Buffer.from(JSON.stringify({ r: id, k: 3 })).toString('base64url');
    for (const bad of [
      flipped(cursor, 0),
      flipped(cursor, cursor.length - 1),
      `${payload}.${flipped(mac!, 5)}`,
      `${forged}.${mac}`,
      cursor.slice(0, -2),
      'not-a-cursor',
    ]) {
      expectError(
        await evidence(id, `?cursor=${encodeURIComponent(bad)}`),
        400,
        'invalid_query: cursor',
      );
    }
    expectError(
      await evidence(other, `?cursor=${encodeURIComponent(cursor)}`),
      400,
      'invalid_query: cursor',
    );
  });

  it('answers 404 for a rule the service does not own, and for a gone rule', async () => {
    const id = await activeRateLimitRule();
    expectError(await evidence(id, '', SVC.second), 404, 'shield_rule_not_found');
    expectError(
      await evidence('6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b'),
      404,
      'shield_rule_not_found',
    );
    await world.call('DELETE', shieldPath(SVC.own, `/rules/${id}`));
    await world.advance(5);
    expectError(await evidence(id), 404, 'shield_rule_not_found');
  });
});
