import ipaddr from 'ipaddr.js';

// ipaddr.js rather than node:net: the server also runs in browsers. Only the forms node:net
// accepted are valid: dotted four-part decimal IPv4 (no leading zeros) and IPv6.
const isIPv4 = (address: string): boolean => ipaddr.IPv4.isValidFourPartDecimal(address);
const isIPv6 = (address: string): boolean => ipaddr.IPv6.isValid(address);

/** A source-address allow-list of IPs and CIDRs (IPv4 and IPv6); empty allows everyone. */
export interface IpAllowList {
  allows(address: string): boolean;
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

// Dual-stack sockets report IPv4 peers as `::ffff:a.b.c.d`; match them as IPv4.
function normalize(address: string): string {
  const mapped = MAPPED_V4.exec(address);
  return mapped ? (mapped[1] as string) : address;
}

/** Parses `a.b.c.d`, `a.b.c.d/n`, `x::y` or `x::y/n`; undefined when malformed. */
export function parseIpOrCidr(
  entry: string,
): { address: string; prefix: number; v6: boolean } | undefined {
  const slash = entry.indexOf('/');
  const address = normalize(slash === -1 ? entry : entry.slice(0, slash));
  const v6 = isIPv6(address);
  if (!v6 && !isIPv4(address)) return undefined;
  const max = v6 ? 128 : 32;
  if (slash === -1) return { address, prefix: max, v6 };
  const prefixText = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix <= max ? { address, prefix, v6 } : undefined;
}

/** Builds an allow-list; entries must already be valid (see {@link parseIpOrCidr}). */
export function createIpAllowList(entries: readonly string[]): IpAllowList {
  if (entries.length === 0) return { allows: () => true };
  const ranges = entries.map((entry) => {
    const parsed = parseIpOrCidr(entry);
    if (!parsed) throw new RangeError(`invalid IP or CIDR: ${entry}`);
    return [ipaddr.parse(parsed.address), parsed.prefix] as [ipaddr.IPv4 | ipaddr.IPv6, number];
  });
  return {
    allows(address) {
      const normalized = normalize(address);
      if (!isIPv4(normalized) && !isIPv6(normalized)) return false;
      const parsed = ipaddr.parse(normalized);
      // match() compares only addresses of the same family.
      return ranges.some(
        ([range, prefix]) => range.kind() === parsed.kind() && parsed.match(range, prefix),
      );
    },
  };
}
