import { describe, expect, it } from 'vitest';
import { bar, formatBytes, trafficBars } from './traffic-bars';

describe('bar', () => {
  it('scales to the widest value with eighth-cell precision', () => {
    expect(bar(100, 100, 10)).toBe('██████████');
    expect(bar(50, 100, 10)).toBe('█████');
    expect(bar(55, 100, 10)).toBe('█████▌');
    expect(bar(53, 100, 10)).toBe('█████▎');
    expect(bar(1, 1_000_000, 10)).toBe('▏');
    expect(bar(0, 100, 10)).toBe('');
  });
});

describe('formatBytes', () => {
  it('uses decimal units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(64_000)).toBe('64.0 kB');
    expect(formatBytes(3_250_000_000)).toBe('3.3 GB');
  });
});

describe('trafficBars', () => {
  const items = [
    { key: '198.51.100.20', packets: 300, bytes: 19_200 },
    { key: '198.51.100.7', packets: 1200, bytes: 64_000 },
    { key: '203.0.113.9', packets: 600, bytes: 38_400 },
  ];

  it('orders by packets, keeps the top N and sizes bars relative to the largest', () => {
    const bars = trafficBars(items, 60, 2);
    expect(bars.map((b) => b.key)).toEqual(['198.51.100.7', '203.0.113.9']);
    expect(bars[0]).toMatchObject({ packets: '1,200 pkts', bytes: '64.0 kB' });
    expect(bars[1]!.bar.length * 2).toBeCloseTo(bars[0]!.bar.length, -1);
  });

  it('shows control characters of a key instead of sending them to the terminal', () => {
    const [row] = trafficBars([{ key: '\u001b]0;x\u0007198.51.100.7', packets: 1, bytes: 1 }], 80);
    expect(row?.key).toBe('^[]0;x^G198.51.100.7');
  });

  it('fits the bars into the width left by the labels', () => {
    const [first] = trafficBars(items, 60);
    const line = `${first!.key.padEnd(13)}  ${first!.bar}  ${first!.packets}  ${first!.bytes}`;
    expect(line.length).toBeLessThanOrEqual(60);
  });
});
