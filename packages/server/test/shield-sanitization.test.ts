// Nothing a Shield endpoint returns or exports carries a provider identifier, interface,
// credential or packet payload. The harness scans every JSON answer of every Shield suite;
// this suite drives every endpoint (successes and errors, CSV included) over HTTP.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { infrastructureRuleId } from '../src/domain/shield/infrastructure-rule';
import { INTENT, providerKeysIn, type Reply, ShieldWorld, SVC, shieldPath } from './shield-harness';

let world: ShieldWorld;
beforeAll(async () => {
  world = await ShieldWorld.start('http');
});
afterAll(() => world.stop());

const PROVIDER_TEXT =
  /provider|interface|iface|remote|router|placement|credential|secret|password|token|payload/i;

it('the scan itself finds provider keys at any depth', () => {
  expect(
    providerKeysIn({ rules: [{ id: 'x', remote_id: 'r' }], meta: { Provider_Interface: 1 } }),
  ).toEqual(['$.rules[0].remote_id', '$.meta.Provider_Interface']);
  expect(providerKeysIn({ rules: [{ id: 'x', state: 'active' }] })).toEqual([]);
});

it('every Shield answer and export is free of provider fields', async () => {
  const replies: Reply[] = [];
  const call = async (method: string, rest: string, body?: unknown) => {
    const reply = await world.call(
      method,
      shieldPath(SVC.own, rest),
      body === undefined ? {} : { body },
    );
    replies.push(reply);
    return reply;
  };
  await world.admin('POST', '/faults', { shield: 'fail' });
  const failing = (
    await call('POST', '/rules', { ...INTENT, action: 'rate_limit', rate_pps: 1000 })
  ).body.rule.id;
  const rule = (await call('POST', '/rules', INTENT)).body.rule.id;
  await call('POST', '/presets/rate-limit-syn');
  await call('POST', '/profiles/strict');
  await world.advance(3600);
  await call('POST', '/profiles/low');
  await call('DELETE', `/rules/${failing}`);
  for (const rest of [
    '',
    '/capabilities',
    '/rules',
    '/traffic?window_hours=720',
    '/protection-activity?window_hours=48',
    '/export?dataset=traffic&format=json',
    `/rules/${rule}/evidence`,
    `/rules/${infrastructureRuleId(SVC.own)}/evidence?action=drop`,
    '/traffic?window_hours=0',
    `/rules/${rule}/evidence?cursor=bogus`,
  ]) {
    await call('GET', rest);
  }
  for (const group of [
    'source_ip',
    'destination_ip',
    'protocol',
    'source_port',
    'destination_port',
    'tcp_flags',
  ]) {
    await call('GET', `/export?dataset=traffic&format=csv&group_by=${group}&window_hours=720`);
  }
  await call('GET', '/export?dataset=protection_activity&format=csv');
  await call('POST', '/rules', { ...INTENT, protected_ip: '192.0.2.1' });
  await call('DELETE', `/rules/${infrastructureRuleId(SVC.own)}`);

  expect(replies.map((r) => r.status)).toContain(400);
  expect(replies.map((r) => r.status)).toContain(409);
  const evidence = replies.filter((r) => r.body?.rule_id === rule);
  expect(evidence[0]?.body.items.length).toBeGreaterThan(0);
  for (const reply of replies) {
    expect(providerKeysIn(reply.body)).toEqual([]);
    expect(reply.text).not.toMatch(PROVIDER_TEXT);
  }
  const csvs = replies.filter((r) => r.headers.get('content-type')?.startsWith('text/csv'));
  expect(csvs).toHaveLength(7);
  for (const csv of csvs) expect(csv.text.split('\r\n')[0]).toBe('key,packets,bytes,samples');
});
