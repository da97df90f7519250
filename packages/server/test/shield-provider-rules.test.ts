// Rules a real DDoS provider would refuse (reference-server spec, section 8): one test per
// row of the table, each refused without creating anything, and the acceptable neighbours.
import { ShieldRuleMutation } from '@refapi/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  expectBody,
  expectError,
  INTENT,
  rulesById,
  ShieldWorld,
  SVC,
  shieldPath,
  storedRule,
} from './shield-harness';

let world: ShieldWorld;
beforeAll(async () => {
  world = await ShieldWorld.start();
});
afterAll(() => world.stop());
beforeEach(() => world.reset());

const RULES = shieldPath(SVC.own, '/rules');
const post = (patch: Record<string, unknown>) =>
  world.call('POST', RULES, { body: { ...INTENT, ...patch } });

async function refused(patch: Record<string, unknown>, status: number, error: string) {
  expectError(await post(patch), status, error);
  // Only the emergency infrastructure rule: nothing was created.
  expect((await rulesById(world)).size).toBe(1);
}
const accepted = async (patch: Record<string, unknown>) =>
  expectBody(await post(patch), 202, ShieldRuleMutation).rule;

describe('source_cidr must be an IPv4 or IPv6 prefix (400 invalid_body: source_cidr)', () => {
  it.each([
    '10.0.0.0/33',
    'not-a-cidr',
    '2001:db8::/129',
    '198.51.100.1/24',
    '2001:db8::1/64',
    '10.0.0/8',
    '010.0.0.0/8',
    '10.0.0.0/',
    '10.0.0.0/08',
    '',
  ])('refuses %j', async (source_cidr) => {
    await refused({ source_cidr }, 400, 'invalid_body: source_cidr');
  });

  it.each(['198.51.100.0/24', '198.51.100.7/32', '198.51.100.7', '2001:db8::/32', '2001:db8::1'])(
    'accepts %j and keeps it in the rule’s record (the admin API’s, never a /v1 answer)',
    async (source_cidr) => {
      const rule = await accepted({ source_cidr });
      expect(rule).not.toHaveProperty('source_cidr');
      expect(await storedRule(world, rule.id)).toMatchObject({
        source_cidr,
        protocol: 'udp',
        destination_port: 53,
      });
    },
  );
});

describe('IPv4 written as IPv6, and names that show nothing', () => {
  it.each(['::ffff:0.0.0.0/96', '::/80'])(
    'judges %s as every IPv4 source: 422 broad_rule_needs_ack',
    async (source_cidr) => {
      await refused(
        { protocol: 'any', destination_port: undefined, source_cidr },
        422,
        'broad_rule_needs_ack',
      );
    },
  );

  it.each(['   ', '\u200b'])('refuses the name %j (400 invalid_body: name)', async (name) => {
    await refused({ name }, 400, 'invalid_body: name');
  });
});

describe('rates belong to rate_limit rules', () => {
  it('refuses rate_limit with neither rate_pps nor rate_bps (422 rate_limit_needs_rate)', async () => {
    await refused({ action: 'rate_limit' }, 422, 'rate_limit_needs_rate');
    await refused({ action: 'rate_limit', burst_packets: 1000 }, 422, 'rate_limit_needs_rate');
  });

  it.each([{ rate_pps: 1000 }, { rate_bps: 1_000_000 }, { burst_packets: 1000 }])(
    'refuses %j on a drop rule (422 rate_only_for_rate_limit)',
    async (rate) => {
      await refused({ action: 'drop', ...rate }, 422, 'rate_only_for_rate_limit');
      await refused({ action: 'pass', ...rate }, 422, 'rate_only_for_rate_limit');
    },
  );

  it('accepts rate_limit with rate_pps or rate_bps', async () => {
    const { id } = await accepted({ action: 'rate_limit', rate_pps: 1000 });
    expect(await storedRule(world, id)).toMatchObject({ action: 'rate_limit' });
    await accepted({ action: 'rate_limit', rate_bps: 1_000_000, burst_packets: 64 });
  });
});

describe('TCP flags', () => {
  it('refuses flags on a protocol other than tcp (422 tcp_flags_need_tcp)', async () => {
    await refused({ protocol: 'udp', tcp_flags_mask: 2 }, 422, 'tcp_flags_need_tcp');
    await refused(
      { protocol: 'any', tcp_flags_mask: 2, tcp_flags_value: 2 },
      422,
      'tcp_flags_need_tcp',
    );
  });

  it('refuses a value with bits outside the mask (400 invalid_body: tcp_flags_value)', async () => {
    await refused(
      { protocol: 'tcp', tcp_flags_mask: 0x12, tcp_flags_value: 0x01 },
      400,
      'invalid_body: tcp_flags_value',
    );
    await refused({ protocol: 'tcp', tcp_flags_value: 2 }, 400, 'invalid_body: tcp_flags_value');
  });

  it('accepts SYN-only on tcp', async () => {
    await accepted({ protocol: 'tcp', tcp_flags_mask: 0x12, tcp_flags_value: 0x02 });
  });
});

describe('broad rules need explicit_broad_ack', () => {
  const broad = { mode: 'enforce', action: 'drop', protocol: 'any' } as const;
  const noPort = { destination_port: undefined };

  it.each([
    ['drop from everywhere', { ...broad, ...noPort }],
    ['drop from /0', { ...broad, ...noPort, source_cidr: '0.0.0.0/0' }],
    ['drop from ::/0', { ...broad, ...noPort, source_cidr: '::/0' }],
    ['rate_limit from everywhere', { ...broad, ...noPort, action: 'rate_limit', rate_pps: 500 }],
    ['explicit_broad_ack false', { ...broad, ...noPort, explicit_broad_ack: false }],
  ])('refuses %s without it (422 broad_rule_needs_ack)', async (_, patch) => {
    await refused(patch, 422, 'broad_rule_needs_ack');
  });

  it('accepts the same rule acknowledged, in observe mode, or narrowed', async () => {
    await accepted({ ...broad, ...noPort, explicit_broad_ack: true });
    await accepted({ ...broad, ...noPort, mode: 'observe' });
    await accepted({ ...broad, ...noPort, action: 'pass' });
    await accepted({ ...broad, destination_port: 53 });
    await accepted({ ...broad, ...noPort, source_cidr: '198.51.100.0/24' });
  });
});
