import { ShieldTelemetry, TelemetryGroupBy } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { generateTelemetry, type TelemetryRequest } from './telemetry';

const request = (patch: Partial<TelemetryRequest> = {}): TelemetryRequest => ({
  service_ref: 'REF-SVC-A1',
  addresses: ['203.0.113.10', '2001:db8::10'],
  telemetry: 'traffic',
  window_hours: 1,
  group_by: 'source_ip',
  now: new Date('2026-01-01T12:34:56Z'),
  ...patch,
});
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('generateTelemetry', () => {
  it('is valid ShieldTelemetry ending at the clock minute, with cache_seconds 30', () => {
    const t = ShieldTelemetry.parse(generateTelemetry(request({ window_hours: 3 })));
    expect(t).toMatchObject({
      start: '2026-01-01T09:34:00.000Z',
      end: '2026-01-01T12:34:00.000Z',
      cache_seconds: 30,
      telemetry: 'traffic',
      group_by: 'source_ip',
    });
  });

  it('repeats the same numbers within a clock minute and changes with any input', () => {
    const base = generateTelemetry(request());
    expect(generateTelemetry(request({ now: new Date('2026-01-01T12:34:01Z') }))).toEqual(base);
    for (const patch of [
      { now: new Date('2026-01-01T12:35:00Z') },
      { service_ref: 'REF-SVC-B2' },
      { window_hours: 2 },
      { group_by: 'destination_port' as const },
    ]) {
      expect(generateTelemetry(request(patch)).items).not.toEqual(base.items);
    }
  });

  it('lists at most 100 items sorted by packets while totals cover every row', () => {
    const t = generateTelemetry(request({ window_hours: 720 }));
    expect(t.items).toHaveLength(100);
    const packets = t.items.map((i) => i.packets);
    expect(packets).toEqual([...packets].sort((a, b) => b - a));
    expect(t.totals.packets).toBeGreaterThan(sum(packets));
    expect(t.totals.bytes).toBeGreaterThan(sum(t.items.map((i) => i.bytes)));
    expect(new Set(t.items.map((i) => i.key)).size).toBe(100);
  });

  it('totals equal the sum of the items when every row fits', () => {
    const t = generateTelemetry(request({ group_by: 'protocol' }));
    expect(t.totals).toEqual({
      packets: sum(t.items.map((i) => i.packets)),
      bytes: sum(t.items.map((i) => i.bytes)),
      samples: sum(t.items.map((i) => i.samples ?? 0)),
    });
  });

  it('reports sampled exactly when counts were scaled from samples', () => {
    const short = generateTelemetry(request({ window_hours: 6 }));
    expect(short.sampled).toBe(false);
    expect(short.items.every((i) => i.samples === i.packets)).toBe(true);
    const long = generateTelemetry(request({ window_hours: 7 }));
    expect(long.sampled).toBe(true);
    expect(long.items.every((i) => i.samples! < i.packets)).toBe(true);
  });

  it.each(TelemetryGroupBy.options)('groups traffic by %s', (group_by) => {
    const t = ShieldTelemetry.parse(generateTelemetry(request({ group_by, window_hours: 24 })));
    expect(t.group_by).toBe(group_by);
    expect(t.items.length).toBeGreaterThan(0);
  });

  it('groups by the service addresses for destination_ip', () => {
    const t = generateTelemetry(request({ group_by: 'destination_ip' }));
    expect(t.items.map((i) => i.key).sort()).toEqual(['2001:db8::10', '203.0.113.10']);
  });

  it('reports protection activity by normalized verdict, without group_by', () => {
    const t = ShieldTelemetry.parse(
      generateTelemetry(request({ telemetry: 'protection-activity' })),
    );
    expect(t.telemetry).toBe('protection-activity');
    expect(t).not.toHaveProperty('group_by');
    expect(t.items.map((i) => i.key).sort()).toEqual(['drop', 'observe', 'pass', 'rate_limit']);
  });
});
