import { describe, expect, it } from 'vitest';
import { createIpAllowList, parseIpOrCidr } from './ip-allow-list';

describe('IP allow-list', () => {
  it('allows everyone when empty', () => {
    expect(createIpAllowList([]).allows('198.51.100.7')).toBe(true);
  });

  it('matches IPv4 and IPv6 addresses and CIDRs, including IPv4-mapped peers', () => {
    const list = createIpAllowList(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    expect(list.allows('10.200.3.4')).toBe(true);
    expect(list.allows('::ffff:10.1.1.1')).toBe(true);
    expect(list.allows('11.0.0.1')).toBe(false);
    expect(list.allows('192.0.2.7')).toBe(true);
    expect(list.allows('192.0.2.8')).toBe(false);
    expect(list.allows('2001:db8:1::5')).toBe(true);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('not-an-ip')).toBe(false);
  });

  it('rejects malformed entries', () => {
    for (const bad of ['10.0.0.0/33', '::/129', '300.1.1.1', '10.0.0.0/', 'abc', '1.2.3.4/x']) {
      expect(parseIpOrCidr(bad), bad).toBeUndefined();
    }
    expect(parseIpOrCidr('::1')).toEqual({ address: '::1', prefix: 128, v6: true });
  });
});
