// Traffic, protection activity and export (JSON and formula-safe CSV).
import { ShieldTelemetry, TelemetryGroupBy } from '@refapi/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { telemetryCsv } from '../src/domain/shield/csv';
import { expectBody, expectError, ShieldWorld, SVC, shieldPath, T0 } from './shield-harness';

let world: ShieldWorld;
beforeAll(async () => {
  world = await ShieldWorld.start();
});
afterAll(() => world.stop());
beforeEach(() => world.reset());

const get = (rest: string) => world.call('GET', shieldPath(SVC.own, rest));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('GET …/shield/traffic', () => {
  it('defaults to one hour grouped by source_ip, ending at the clock minute', async () => {
    const t = expectBody(await get('/traffic'), 200, ShieldTelemetry);
    expect(t).toMatchObject({
      start: '2025-12-31T23:00:00.000Z',
      end: T0,
      telemetry: 'traffic',
      group_by: 'source_ip',
      cache_seconds: 30,
      sampled: false,
    });
  });

  it.each(TelemetryGroupBy.options)('groups by %s', async (group) => {
    const t = expectBody(
      await get(`/traffic?group_by=${group}&window_hours=12`),
      200,
      ShieldTelemetry,
    );
    expect(t.group_by).toBe(group);
    expect(t.items.length).toBeGreaterThan(0);
    expect(t.sampled).toBe(true);
  });

  it('lists the top 100 by packets with totals over all traffic at the widest window', async () => {
    const t = expectBody(await get('/traffic?window_hours=720'), 200, ShieldTelemetry);
    expect(t.items).toHaveLength(100);
    const packets = t.items.map((i) => i.packets);
    expect(packets).toEqual([...packets].sort((a, b) => b - a));
    expect(t.totals.packets).toBeGreaterThan(sum(packets));
    expect(t.start).toBe('2025-12-02T00:00:00.000Z');
  });

  it('is the same within a clock minute and per service, and changes with the minute', async () => {
    const first = await get('/traffic?window_hours=3');
    await world.advance(59);
    expect((await get('/traffic?window_hours=3')).body).toEqual(first.body);
    const other = await world.call('GET', shieldPath(SVC.second, '/traffic?window_hours=3'));
    expect(other.body.items).not.toEqual(first.body.items);
    await world.advance(1);
    expect((await get('/traffic?window_hours=3')).body.items).not.toEqual(first.body.items);
  });

  it.each([
    ['window_hours', 'window_hours=0'],
    ['window_hours', 'window_hours=721'],
    ['window_hours', 'window_hours=1.5'],
    ['window_hours', 'window_hours=abc'],
    ['group_by', 'group_by=country'],
  ])('answers 400 invalid_query: %s for %s', async (field, query) => {
    expectError(await get(`/traffic?${query}`), 400, `invalid_query: ${field}`);
  });
});

describe('GET …/shield/protection-activity', () => {
  it('reports normalized verdicts with totals', async () => {
    const t = expectBody(await get('/protection-activity?window_hours=24'), 200, ShieldTelemetry);
    expect(t.telemetry).toBe('protection-activity');
    expect(t.items.map((i) => i.key).sort()).toEqual(['drop', 'observe', 'pass', 'rate_limit']);
    expect(t.totals.packets).toBe(sum(t.items.map((i) => i.packets)));
  });

  it('answers 400 for a window outside 1..720', async () => {
    expectError(
      await get('/protection-activity?window_hours=721'),
      400,
      'invalid_query: window_hours',
    );
  });
});

describe('GET …/shield/export', () => {
  it('exports JSON equal to the telemetry, as an attachment', async () => {
    const reply = await get('/export?dataset=traffic&format=json&window_hours=6&group_by=protocol');
    expect(expectBody(reply, 200, ShieldTelemetry)).toEqual(
      (await get('/traffic?window_hours=6&group_by=protocol')).body,
    );
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="${SVC.own}-traffic-6h.json"`,
    );
  });

  it('exports CSV: header, CRLF rows of the same items, text/csv attachment', async () => {
    const reply = await get(
      '/export?dataset=traffic&format=csv&window_hours=48&group_by=destination_port',
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="${SVC.own}-traffic-48h.csv"`,
    );
    const json = (await get('/traffic?window_hours=48&group_by=destination_port')).body;
    const lines = reply.text.split('\r\n');
    expect(lines[0]).toBe('key,packets,bytes,samples');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(json.items.length + 2);
    expect(lines[1]).toBe(
      [json.items[0].key, json.items[0].packets, json.items[0].bytes, json.items[0].samples].join(
        ',',
      ),
    );
    expect(reply.text).not.toMatch(/[^\r]\n/);
  });

  it('exports protection activity, and formula-safe keys (non-TCP flags "-" become \'-)', async () => {
    const activity = await get('/export?dataset=protection_activity&format=csv&window_hours=2');
    expect(activity.headers.get('content-disposition')).toContain(
      `${SVC.own}-protection_activity-2h.csv`,
    );
    const items = (await get('/protection-activity?window_hours=2')).body.items;
    expect(activity.text).toBe(telemetryCsv(items));

    const flags = await get('/export?dataset=traffic&format=csv&group_by=tcp_flags');
    const keys = flags.text
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[0]);
    expect(keys).toContain("'-");
    expect(keys).not.toContain('-');
  });

  it.each([
    ['dataset', 'format=csv'],
    ['dataset', 'dataset=flows&format=csv'],
    ['format', 'dataset=traffic'],
    ['format', 'dataset=traffic&format=xlsx'],
    ['window_hours', 'dataset=traffic&format=csv&window_hours=0'],
  ])('answers 400 invalid_query: %s for %s', async (field, query) => {
    expectError(await get(`/export?${query}`), 400, `invalid_query: ${field}`);
  });
});
