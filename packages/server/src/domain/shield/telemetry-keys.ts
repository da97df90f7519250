import type { TelemetryGroupBy } from '@refapi/schema';
import type { SeededRandom } from './seeded-random';

/** What a telemetry dataset is grouped by; protection activity groups by verdict. */
export type TelemetryGrouping = TelemetryGroupBy | 'verdict';

// Documentation ranges only (RFC 5737 / RFC 3849): synthetic data never names a real host.
const V4_NETS = ['192.0.2', '198.51.100', '203.0.113'] as const;
const PROTOCOLS = ['tcp', 'udp', 'icmp', 'icmpv6', 'gre'] as const;
// `-` stands for non-TCP traffic, which carries no flags.
const TCP_FLAGS = ['SYN', 'SYN+ACK', 'ACK', 'PSH+ACK', 'FIN+ACK', 'RST', 'RST+ACK', '-'] as const;
const WELL_KNOWN_PORTS = [22, 25, 53, 80, 123, 443, 1900, 3306, 8080, 11211] as const;
/** Normalized protection verdicts; categories, not attack classifications. */
const VERDICTS = ['pass', 'drop', 'rate_limit', 'observe'] as const;

function sourceIp(index: number): string {
  // Every fifth source is IPv6; the rest walk the three /24s with a stride coprime to 254.
  // An IPv6 group holds at most four hex digits: the third group is taken modulo 2^16 (7919
  // is odd, so indexes below 65536 still give distinct groups).
  if (index % 5 === 4) {
    const group = ((index * 7919) % 0x10000).toString(16);
    return `2001:db8:${group}::${(index % 251) + 1}`;
  }
  const net = V4_NETS[index % V4_NETS.length]!;
  const host = ((Math.floor(index / V4_NETS.length) * 97) % 254) + 1;
  return `${net}.${host}`;
}

function distinctPorts(count: number, rng: SeededRandom): string[] {
  const ports = new Set<number>(
    WELL_KNOWN_PORTS.slice(0, Math.min(count, WELL_KNOWN_PORTS.length)),
  );
  while (ports.size < count) ports.add(rng.int(1024, 65535));
  return [...ports].map(String);
}

/**
 * The distinct keys of one synthetic dataset. `size` bounds the open-ended groupings
 * (addresses, ports); closed ones (protocols, flags, verdicts) always list every value.
 */
export function telemetryKeys(
  grouping: TelemetryGrouping,
  size: number,
  addresses: readonly string[],
  rng: SeededRandom,
): string[] {
  switch (grouping) {
    case 'source_ip':
      return Array.from({ length: size }, (_, index) => sourceIp(index));
    case 'destination_ip':
      return [...new Set(addresses)];
    case 'protocol':
      return [...PROTOCOLS];
    case 'tcp_flags':
      return [...TCP_FLAGS];
    case 'source_port':
    case 'destination_port':
      return distinctPorts(size, rng);
    case 'verdict':
      return [...VERDICTS];
  }
}
