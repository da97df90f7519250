import { isIP } from 'node:net';
import { boundedMemo } from '../internal/bounded-memo';

// DNS rebinding: a page on attacker.example re-resolves its name to 127.0.0.1 and calls the
// server same-origin, Host still `attacker.example`. A loopback server therefore answers only
// the names that mean "this machine" (reference spec, Edges: Host header).

/** Host names a loopback server always answers to, on any port. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

const NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** One `--allowed-hosts` entry, lower-cased (IPv6 in brackets); throws a TypeError naming a bad one. */
function allowedHost(entry: string): string {
  const host = entry.trim().toLowerCase();
  const bracketed = host.startsWith('[') && host.endsWith(']');
  if (bracketed ? isIP(host.slice(1, -1)) === 6 : NAME.test(host)) return host;
  throw new TypeError(
    `--allowed-hosts: "${entry}" is not a host name (a name, an IPv4 address or [IPv6], no port)`,
  );
}

/** Parses `--allowed-hosts`: a comma list of host names; throws a TypeError naming a bad one. */
export function parseAllowedHosts(value: string): string[] {
  const entries = value.split(',').filter((entry) => entry.trim() !== '');
  if (entries.length === 0) throw new TypeError('--allowed-hosts needs a comma list of host names');
  return entries.map(allowedHost);
}

/** Whether a bound address is a loopback one (127.0.0.0/8, ::1, or IPv4-mapped 127.x). */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || (isIP(v4) === 4 && v4.startsWith('127.'));
}

/** The host name of a Host header, lower-cased, without its port; undefined when malformed. */
function hostName(header: string): string | undefined {
  const host = header.toLowerCase();
  const end = host.startsWith('[') ? host.indexOf(']') + 1 : host.lastIndexOf(':');
  if (end === 0) return undefined;
  if (end === -1) return host;
  const port = host.slice(end);
  if (port !== '' && !/^:\d*$/.test(port)) return undefined;
  return host.slice(0, end);
}

/** Host headers whose answer a server keeps. */
const HOST_ANSWERS_KEPT = 256;

/** Whether a request's Host header (absent: undefined) may be answered. */
export type HostCheck = (host: string | undefined) => boolean;

/**
 * The Host rule of a server given `allowedHosts` (validated now; throws a TypeError naming a
 * bad one): once bound, no check (undefined) on a non-loopback address without
 * `allowedHosts`, else the loopback names and `allowedHosts` only, on any port.
 */
export function hostRule(
  allowedHosts: readonly string[] | undefined,
): (boundAddress: string) => HostCheck | undefined {
  const allowed = new Set<string>([...LOOPBACK_HOSTS, ...(allowedHosts ?? []).map(allowedHost)]);
  // A client sends the same Host on every request: each header's answer is kept as sent.
  const answer = boundedMemo((host: string) => {
    const name = hostName(host);
    return name !== undefined && allowed.has(name);
  }, HOST_ANSWERS_KEPT);
  const check: HostCheck = (host) => host !== undefined && answer(host);
  return (boundAddress) =>
    allowedHosts === undefined && !isLoopbackAddress(boundAddress) ? undefined : check;
}
