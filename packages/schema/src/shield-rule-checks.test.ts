import { describe, expect, it } from 'vitest';
import { ShieldRuleIntent } from './shield';
import { isBroadRule } from './shield-rule-checks';

const enforcedDrop = { mode: 'enforce', action: 'drop', protocol: 'any' } as const;

describe('the broad rule judges IPv4 written as IPv6 as the IPv4 prefix it covers', () => {
  it.each([
    '::ffff:0.0.0.0/96', // every IPv4 source
    '::ffff:0:0/96',
    '::/80', // holds the whole IPv4-mapped range
    '::/0',
    '0.0.0.0/0',
  ])('%s is from everywhere', (source_cidr) => {
    expect(isBroadRule({ ...enforcedDrop, source_cidr })).toBe(true);
  });

  it.each(['::ffff:198.51.100.0/120', '::ffff:198.51.100.7', '2001:db8::/32', '198.51.100.0/24'])(
    '%s is narrow',
    (source_cidr) => {
      expect(isBroadRule({ ...enforcedDrop, source_cidr })).toBe(false);
    },
  );
});

describe('a rule name must show something', () => {
  const intent = { ...enforcedDrop, risk: 'low' } as const;
  it.each(['   ', '\u200b', '\u00a0\u2060', '\ufeff'])('refuses %j', (name) => {
    const parsed = ShieldRuleIntent.safeParse({ ...intent, name });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['name']);
  });

  it.each(['dns', ' dns ', 'ü', '防御'])('accepts %j', (name) => {
    expect(ShieldRuleIntent.safeParse({ ...intent, name }).success).toBe(true);
  });
});
