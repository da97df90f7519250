import { isIP, isIPv6 } from 'node:net';
import { IpAddress } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import { telemetryKeys } from './telemetry-keys';

// The largest `source_ip` dataset generateTelemetry asks for is 400 rows; check well past it.
const SIZE = 5000;

describe('telemetryKeys source_ip', () => {
  const keys = telemetryKeys('source_ip', SIZE, [], seededRandom('ipv6'));

  it('generates only addresses that parse, IPv6 groups of at most four hex digits', () => {
    const v6 = keys.filter((key) => key.includes(':'));
    expect(v6.length).toBe(SIZE / 5);
    // `2001:db8:11667::10` (index 9 before the fix) had a five-digit group.
    expect(v6).not.toContain('2001:db8:11667::10');
    for (const key of v6) {
      expect(isIPv6(key), key).toBe(true);
      expect(IpAddress.safeParse(key).success, key).toBe(true);
    }
    for (const key of keys) expect(isIP(key), key).not.toBe(0);
  });

  it('stays in the documentation ranges and gives distinct addresses', () => {
    for (const key of keys) {
      expect(
        key.startsWith('2001:db8:') || /^(192\.0\.2|198\.51\.100|203\.0\.113)\./.test(key),
      ).toBe(true);
    }
    const v6 = keys.filter((key) => key.includes(':'));
    expect(new Set(v6).size).toBe(v6.length);
  });
});
