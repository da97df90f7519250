// The README's Shield walkthrough, end to end, over every transport (bound fetch, msw
// handlers, node:http on 127.0.0.1 port 0); admin calls go over the same transport.
import { ShieldOverview, ShieldRuleMutation, ShieldTelemetry } from '@refapi/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectBody,
  expectError,
  INTENT,
  OWN_IP,
  ShieldWorld,
  SVC,
  shieldPath,
  type Transport,
} from './shield-harness';

describe.each<Transport>(['in-process', 'msw', 'http'])('Shield walkthrough (%s)', (transport) => {
  let world: ShieldWorld;
  beforeAll(async () => {
    world = await ShieldWorld.start(transport);
  });
  afterAll(() => world.stop());

  it('overview → rule → clock → active → preset and profile → export → pause', async () => {
    const overview = expectBody(await world.call('GET', shieldPath(SVC.own)), 200, ShieldOverview);
    expect(overview.entitlement.status).toBe('active');
    expect(overview.presets.map((p) => p.code)).toEqual([
      'block-udp-amplification',
      'allow-web-only',
      'rate-limit-syn',
    ]);

    const created = await world.call('POST', shieldPath(SVC.own, '/rules'), {
      body: INTENT,
      idem: `walk-${transport}`,
    });
    const { rule } = expectBody(created, 202, ShieldRuleMutation);
    expect(rule).toMatchObject({ protected_ip: OWN_IP, state: 'queued' });

    await world.advance(10);
    const rules = await world.call('GET', shieldPath(SVC.own, '/rules'));
    expect(rules.body.rules.find((r: { id: string }) => r.id === rule.id).state).toBe('active');

    expect(
      (await world.call('POST', shieldPath(SVC.own, '/presets/block-udp-amplification'))).status,
    ).toBe(202);
    expect(
      (await world.call('POST', shieldPath(SVC.own, '/profiles/default'))).body.profile.state,
    ).toBe('applying');
    await world.advance(10);
    expect((await world.call('GET', shieldPath(SVC.own))).body.profile.state).toBe('active');

    const csv = await world.call(
      'GET',
      shieldPath(SVC.own, '/export?dataset=traffic&format=csv&window_hours=24'),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="${SVC.own}-traffic-24h.csv"`,
    );
    expect(csv.text.startsWith('key,packets,bytes,samples\r\n')).toBe(true);
    const json = await world.call(
      'GET',
      shieldPath(SVC.own, '/export?dataset=traffic&format=json&window_hours=24'),
    );
    expect(expectBody(json, 200, ShieldTelemetry).items).toHaveLength(
      csv.text.split('\r\n').length - 2,
    );

    const before = (await world.call('GET', shieldPath(SVC.own))).body;
    expect((await world.admin('POST', '/shield', { paused: true, retry_after: 42 })).status).toBe(
      200,
    );
    const paused = await world.call('GET', shieldPath(SVC.own, '/rules'));
    expectError(paused, 503, 'shield_paused');
    expect(paused.headers.get('retry-after')).toBe('42');
    await world.admin('POST', '/shield', { paused: false });
    // The pause keeps every rule and the profile exactly as they were.
    expect((await world.call('GET', shieldPath(SVC.own))).body).toEqual(before);
  });
});
