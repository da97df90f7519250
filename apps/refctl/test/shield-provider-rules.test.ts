// Each row of the reference-server spec's section 8 table (rules a real DDoS provider would
// refuse), `--broad-ack`, and listings that name rules.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
// Output tests: each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

let server: TestServer;
// One user for the file: the listing names the rules this user's refctl added.
const CONFIG_HOME = tempConfigHome();
const env = () => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: KEYS.full,
  XDG_CONFIG_HOME: CONFIG_HOME,
});
const SVC = 'REF-SVC-A1';
const add = (...flags: string[]) =>
  refctl(['shield', 'rules', 'add', SVC, '--name', 'r', '--risk', 'low', ...flags], { env: env() });
const ruleCount = async () => {
  const list = await refctl(['shield', 'rules', 'list', SVC, '-o', 'json'], { env: env() });
  return (JSON.parse(list.stdout) as unknown[]).length;
};

beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());
beforeEach(() => server.admin('POST', 'reset'));

describe('refctl shield rules add refuses what a provider would refuse', () => {
  it.each(['10.0.0.0/33', 'not-a-cidr', '2001:db8::/129', '198.51.100.1/24'])(
    '--source-cidr %s: exit 2 naming the flag, nothing sent',
    async (cidr) => {
      const { code, stderr } = await add(
        ...['--mode', 'enforce', '--action', 'drop', '--protocol', 'udp', '--source-cidr', cidr],
      );
      expect({ code, stderr }).toEqual({
        code: 2,
        stderr:
          'error: invalid --source-cidr: must be an IPv4 or IPv6 prefix with no host bits set, like 198.51.100.0/24\n',
      });
    },
  );

  it('--action rate_limit without a rate: 422 rate_limit_needs_rate, with what to add', async () => {
    const { code, stderr } = await add(
      ...['--mode', 'enforce', '--action', 'rate_limit', '--protocol', 'udp'],
      ...['--destination-port', '53'],
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/\(422 rate_limit_needs_rate\).*give --rate-pps or --rate-bps/);
    expect(await ruleCount()).toBe(1);
  });

  it('a rate on a drop rule: 422 rate_only_for_rate_limit', async () => {
    const { code, stderr } = await add(
      ...['--mode', 'enforce', '--action', 'drop', '--protocol', 'udp'],
      ...['--destination-port', '53', '--rate-pps', '1000'],
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /\(422 rate_only_for_rate_limit\).*\(--rate-pps, --rate-bps and --burst-packets go with --action rate_limit only\)\n$/,
    );
  });

  it('TCP flags on udp: 422 tcp_flags_need_tcp; a value outside the mask: exit 2', async () => {
    const udp = await add(
      ...['--mode', 'enforce', '--action', 'drop', '--protocol', 'udp'],
      ...['--destination-port', '53', '--tcp-flags-mask', '2'],
    );
    expect(udp.code).toBe(1);
    expect(udp.stderr).toMatch(
      /\(422 tcp_flags_need_tcp\).*\(--tcp-flags-mask and --tcp-flags-value need --protocol tcp\)\n$/,
    );
    const outside = await add(
      ...['--mode', 'enforce', '--action', 'drop', '--protocol', 'tcp'],
      ...['--destination-port', '22', '--tcp-flags-mask', '18', '--tcp-flags-value', '1'],
    );
    expect({ code: outside.code, stderr: outside.stderr }).toEqual({
      code: 2,
      stderr: 'error: invalid --tcp-flags-value: has bits outside tcp_flags_mask\n',
    });
    expect(await ruleCount()).toBe(1);
  });

  it('a broad enforced drop: 422 broad_rule_needs_ack; --broad-ack queues it with a warning', async () => {
    const broad = ['--mode', 'enforce', '--action', 'drop', '--protocol', 'any'];
    const refused = await add(...broad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/\(422 broad_rule_needs_ack\).*add --broad-ack/);
    const acked = await add(...broad, '--broad-ack', '-o', 'json');
    expect(acked.code).toBe(0);
    expect(acked.stderr).toBe(
      'warning: rule "r" drops any traffic to the service on every port from everywhere (--broad-ack)\n',
    );
    expect(JSON.parse(acked.stdout)).toMatchObject({ rule: { kind: 'custom', state: 'queued' } });
    // From a /0 is from everywhere too; observe mode needs no acknowledgement.
    expect((await add(...broad, '--source-cidr', '0.0.0.0/0')).stderr).toMatch(
      /broad_rule_needs_ack/,
    );
    const observe = await add(
      ...['--mode', 'observe', '--action', 'drop', '--protocol', 'any', '-o', 'json'],
    );
    expect({ code: observe.code, stderr: observe.stderr }).toEqual({ code: 0, stderr: '' });
  });
});

describe('refctl shield rules list', () => {
  it("shows each rule's kind: a profile's rules, which the API names by no more than that", async () => {
    const set = await refctl(['shield', 'profile', 'set', SVC, 'strict'], { env: env() });
    expect(set.code, set.stderr).toBe(0);
    const json = await refctl(['shield', 'rules', 'list', SVC, '-o', 'json'], { env: env() });
    const rules = JSON.parse(json.stdout) as { id: string; kind: string }[];
    expect(rules.filter((r) => r.kind === 'profile').length).toBeGreaterThan(1);
    const { code, stdout } = await refctl(['shield', 'rules', 'list', SVC], { env: env() });
    expect(code).toBe(0);
    const [header, ...lines] = stdout.trimEnd().split('\n');
    const columns = header?.split(/ {2,}/) ?? [];
    expect(columns.slice(0, 3)).toEqual(['ID', 'NAME', 'KIND']);
    // Each line's id and kind are the API's, whatever the cells between them.
    expect(lines.map((line) => line.split(/ {2,}/)).map(([id, , kind]) => [id, kind])).toEqual(
      rules.map((r) => [r.id, r.kind]),
    );
  });

  it('shows name, mode, action and match of the rules it added; the emergency rule by its one label', async () => {
    const added = await add(
      ...['--mode', 'enforce', '--action', 'drop', '--protocol', 'udp'],
      ...['--destination-port', '53', '--source-cidr', '198.51.100.0/24', '--name', 'dns'],
    );
    expect(added.code).toBe(0);
    const { code, stdout } = await refctl(
      ['shield', 'rules', 'list', SVC, '--columns', 'name,mode,action,match', '--no-headers'],
      { env: env() },
    );
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'provider emergency rule  -        -     -',
        'dns                      enforce  drop  udp dst 53 from 198.51.100.0/24',
        '',
      ].join('\n'),
    );
  });
});
