import { readFileSync } from 'node:fs';
import { isWaitForError, RefClient, type ShieldRuleIntent } from '@refapi/sdk';
import { scenario, setupRefServer } from '@refapi/server/vitest';
import { beforeEach, expect, it, vi } from 'vitest';
import { addRules } from '../src/add-rules';
import { automateShield } from '../src/automate';
import { waitUntilActive } from '../src/wait-active';

const SERVICE = 'REF-SVC-1';
const intents = JSON.parse(
  readFileSync(new URL('../rules.json', import.meta.url), 'utf8'),
) as ShieldRuleIntent[];

// A KVM with an active Advanced subscription, served in-process through msw.
const ref = setupRefServer({
  scenario: scenario()
    .now('2026-01-01T00:00:00Z')
    .account()
    .withKvm({ ip: '203.0.113.20' })
    .withShield('active')
    .key(['shield:read', 'shield:write']),
});
const client = () => new RefClient({ apiKey: ref.apiKey, baseUrl: ref.baseUrl });
const fastPolls = { interval: 20, timeout: 10_000 };

/** Each Shield step takes 5 s of server time: move the clock while the example polls. */
async function withMovingClock<T>(work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => ref.clock.advance(5), 25);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

it('adds the listed rules, waits until all are active and exports 24 h of traffic as CSV', async () => {
  const { rules, csv } = await withMovingClock(() =>
    automateShield(client(), SERVICE, intents, fastPolls),
  );
  expect(rules.map((rule) => rule.state)).toEqual(['active', 'active', 'active']);
  expect(new Set(rules.map((rule) => rule.protected_ip))).toEqual(new Set(['203.0.113.20']));
  expect(ref.requests({ operationId: 'createShieldRule' })).toHaveLength(intents.length);

  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('key,packets,bytes,samples');
  expect(lines.at(-1)).toBe('');
  // The CSV holds the same rows as the JSON export of the same window.
  const json = await client().shield(SERVICE).export({
    dataset: 'traffic',
    format: 'json',
    window_hours: 24,
    group_by: 'destination_port',
  });
  expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(
    json.items.map((item) => item.key),
  );
  expect(ref.requests({ operationId: 'exportShieldTelemetry' })[0]?.path).toBe(
    `/v1/services/${SERVICE}/shield/export`,
  );
});

it('adds nothing twice when run again: the same idempotency keys replay', async () => {
  const first = await addRules(client(), SERVICE, intents);
  const again = await addRules(client(), SERVICE, intents);
  expect(again.map((rule) => rule.id)).toEqual(first.map((rule) => rule.id));
  const { rules } = await client().shield(SERVICE).rules.list();
  expect(rules.filter((rule) => rule.kind === 'custom')).toHaveLength(intents.length);
});

it('reports a rule whose apply fails, with the reason', async () => {
  ref.faults.shield('fail');
  const [rule] = await addRules(client(), SERVICE, intents.slice(0, 1));
  const failure = await withMovingClock(() =>
    waitUntilActive(client(), SERVICE, [rule?.id ?? ''], fastPolls),
  ).catch((error: unknown) => error);
  expect(isWaitForError(failure)).toBe(true);
  expect(failure).toMatchObject({ errorCode: 'apply_failed' });
});
