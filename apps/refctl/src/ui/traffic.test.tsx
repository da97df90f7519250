import { stripVTControlCharacters } from 'node:util';
import type { ShieldTelemetry } from '@refapi/schema';
import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { TrafficChart } from './TrafficChart';
import { type TimedTelemetry, TrafficWatch, type WatchEnd } from './TrafficWatch';

const strip = (text: string | undefined) => stripVTControlCharacters(text ?? '');

// Years away from this machine's clock: what the watch shows can only come from the server.
const SERVER_TIME = '2001-02-03T04:05:06Z';

function telemetry(packets: number[]): ShieldTelemetry {
  const items = packets.map((p, i) => ({ key: `198.51.100.${i + 1}`, packets: p, bytes: p * 64 }));
  return {
    start: '2026-01-01T00:00:00Z',
    end: '2026-01-02T00:00:00Z',
    items,
    totals: {
      packets: packets.reduce((a, b) => a + b, 0),
      bytes: packets.reduce((a, b) => a + b * 64, 0),
    },
    sampled: false,
    cache_seconds: 30,
    telemetry: 'traffic',
    group_by: 'source_ip',
  };
}

describe('TrafficChart', () => {
  it('draws one bar per key, longest for the busiest, with totals', () => {
    const { lastFrame, unmount } = render(
      <TrafficChart serviceRef="REF-SVC-A1" telemetry={telemetry([100, 400])} width={70} />,
    );
    const lines = strip(lastFrame()).split('\n');
    unmount();
    expect(lines[0]).toBe('Shield traffic · REF-SVC-A1 · last 24h by source_ip');
    expect(lines[1]).toMatch(/^198\.51\.100\.2 {2}█+ {2}400 pkts {2}25\.6 kB$/);
    expect(lines[2]).toMatch(/^198\.51\.100\.1 {2}█+[▏▎▍▌▋▊▉]? +100 pkts {2}6\.4 kB$/);
    // Bars are padded so the numbers line up.
    expect(lines[1]!.indexOf('400 pkts')).toBe(lines[2]!.indexOf('100 pkts'));
    const barLength = (line: string) => (line.match(/[█▏▎▍▌▋▊▉]/g) ?? []).length;
    expect(barLength(lines[1]!)).toBeGreaterThan(barLength(lines[2]!) * 3);
    expect(lines[3]).toMatch(/^total 500 pkts · 32\.0 kB · updated {2}· every 30s · q to quit$/);
  });

  it('says so when the window had no traffic', () => {
    const { lastFrame, unmount } = render(
      <TrafficChart serviceRef="REF-SVC-A1" telemetry={telemetry([])} width={70} />,
    );
    expect(strip(lastFrame())).toContain('no traffic in this window');
    unmount();
  });
});

describe('TrafficWatch', () => {
  it('loads, then refreshes after cache_seconds with new data', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const load = vi
        .fn<() => Promise<TimedTelemetry>>()
        .mockResolvedValueOnce({ telemetry: telemetry([10]), at: new Date(SERVER_TIME) })
        .mockResolvedValueOnce({ telemetry: telemetry([20, 5]), at: new Date(SERVER_TIME) });
      const ends: WatchEnd[] = [];
      const { lastFrame, unmount } = render(
        <TrafficWatch serviceRef="REF-SVC-A1" width={70} load={load} onEnd={(e) => ends.push(e)} />,
      );
      await vi.waitFor(() => expect(strip(lastFrame())).toContain('10 pkts'));
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(30_000);
      await vi.waitFor(() => expect(strip(lastFrame())).toContain('20 pkts'));
      expect(load).toHaveBeenCalledTimes(2);
      expect(ends).toEqual([]);
      unmount();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's time of each answer, not this machine's clock", async () => {
    const load = () => Promise.resolve({ telemetry: telemetry([10]), at: new Date(SERVER_TIME) });
    const { lastFrame, unmount } = render(
      <TrafficWatch serviceRef="REF-SVC-A1" width={70} load={load} onEnd={() => {}} />,
    );
    await vi.waitFor(() => expect(strip(lastFrame())).toContain('updated 04:05:06 UTC'));
    unmount();
  });

  it('ends with the error when a refresh fails', async () => {
    const failure = new Error('shield paused');
    const ends: WatchEnd[] = [];
    const { unmount } = render(
      <TrafficWatch
        serviceRef="REF-SVC-A1"
        width={70}
        load={() => Promise.reject(failure)}
        onEnd={(e) => ends.push(e)}
      />,
    );
    await vi.waitFor(() => expect(ends).toEqual([{ reason: 'error', error: failure }]));
    unmount();
  });
});
