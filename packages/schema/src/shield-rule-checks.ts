// What a real DDoS provider refuses in a custom rule (reference-server spec, section 8).
// The syntactic checks (a real network prefix, TCP flag values inside their mask) are part
// of the request schema, so they answer 400 `invalid_body: <field>`; the combinations of
// fields below answer 422 with their own code, from the server, and clients can ask first.
// ipaddr.js rather than node:net: this package runs in browsers too.
import ipaddr from 'ipaddr.js';

/**
 * Whether `text` is an IPv4 (dotted four-part decimal) or IPv6 prefix `address/length`,
 * or a bare address (a single host), with no host bits set past the prefix length.
 */
export function isNetworkPrefix(text: string): boolean {
  const slash = text.indexOf('/');
  const address = slash === -1 ? text : text.slice(0, slash);
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (!v4 && !(ipaddr.IPv6.isValid(address) && !address.includes('%'))) return false;
  if (slash === -1) return true;
  const length = text.slice(slash + 1);
  if (!/^(0|[1-9]\d{0,2})$/.test(length) || Number(length) > (v4 ? 32 : 128)) return false;
  const network = v4
    ? ipaddr.IPv4.networkAddressFromCIDR(text)
    : ipaddr.IPv6.networkAddressFromCIDR(text);
  return network.toNormalizedString() === ipaddr.parse(address).toNormalizedString();
}

/** `::ffff:0.0.0.0`: the IPv4-mapped range `::ffff:0:0/96` holds every IPv4 source. */
const IPV4_MAPPED = ipaddr.IPv6.parse('::ffff:0:0');

/**
 * The prefix length of a valid `source_cidr` as the broad rule judges it (a bare address is
 * one host). IPv4 written as IPv6 counts as the IPv4 prefix it covers: `::ffff:0.0.0.0/96`
 * is every IPv4 source (0), `::ffff:198.51.100.0/120` a /24; an IPv6 prefix that holds the
 * whole mapped range (`::/80`) covers every IPv4 source too.
 */
function prefixLength(prefix: string): number {
  const slash = prefix.indexOf('/');
  const address = slash === -1 ? prefix : prefix.slice(0, slash);
  if (!address.includes(':')) return slash === -1 ? 32 : Number(prefix.slice(slash + 1));
  const length = slash === -1 ? 128 : Number(prefix.slice(slash + 1));
  const v6 = ipaddr.IPv6.parse(address);
  if (length <= 96 && IPV4_MAPPED.match(v6, length)) return 0;
  if (v6.isIPv4MappedAddress()) return length - 96;
  return length;
}

/** The fields of a custom rule the provider's combination rules read. */
export interface ShieldRuleShape {
  readonly mode: string;
  readonly action: string;
  readonly protocol: string;
  readonly source_cidr?: string | undefined;
  readonly destination_port?: number | undefined;
  readonly tcp_flags_mask?: number | undefined;
  readonly tcp_flags_value?: number | undefined;
  readonly rate_pps?: number | undefined;
  readonly rate_bps?: number | undefined;
  readonly burst_packets?: number | undefined;
  readonly explicit_broad_ack?: boolean | undefined;
}

/** The 422 codes of a rule the provider would refuse, in the order they are checked. */
export type ShieldRuleRefusalCode =
  | 'rate_limit_needs_rate'
  | 'rate_only_for_rate_limit'
  | 'tcp_flags_need_tcp'
  | 'broad_rule_needs_ack';

/**
 * Whether the rule would drop or rate-limit all traffic to the address: enforced, `drop`
 * or `rate_limit`, on every port, from everywhere (no `source_cidr`, or a `/0`, IPv4
 * written as IPv6 included).
 */
export function isBroadRule(rule: ShieldRuleShape): boolean {
  return (
    rule.mode === 'enforce' &&
    (rule.action === 'drop' || rule.action === 'rate_limit') &&
    rule.destination_port === undefined &&
    (rule.source_cidr === undefined || prefixLength(rule.source_cidr) === 0)
  );
}

/**
 * Why the provider would refuse this combination of fields (a 422 code), or undefined when
 * it would take the rule. Observe-mode rules never need `explicit_broad_ack`.
 */
export function shieldRuleRefusal(rule: ShieldRuleShape): ShieldRuleRefusalCode | undefined {
  const hasRate = rule.rate_pps !== undefined || rule.rate_bps !== undefined;
  if (rule.action === 'rate_limit' && !hasRate) return 'rate_limit_needs_rate';
  if (rule.action !== 'rate_limit' && (hasRate || rule.burst_packets !== undefined)) {
    return 'rate_only_for_rate_limit';
  }
  const hasFlags = rule.tcp_flags_mask !== undefined || rule.tcp_flags_value !== undefined;
  if (hasFlags && rule.protocol !== 'tcp') return 'tcp_flags_need_tcp';
  if (isBroadRule(rule) && rule.explicit_broad_ack !== true) return 'broad_rule_needs_ack';
  return undefined;
}
