// A write command's `--columns` is checked before anything is sent: refused only when the
// answer is printed, the change would be made (a purchase, a reboot) and the run still end
// in a usage error, as if nothing had happened.
import { join } from 'node:path';
import { demoScenario } from '@refapi/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { ADMIN_TOKEN, startServer, type TestServer } from './helpers/test-server';

const SVC = 'REF-SVC-101';
const WRITES: readonly (readonly string[])[] = [
  ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s', '--period', 'REF-PERIOD-12', '--yes'],
  ['services', 'power', SVC, 'reboot', '--yes'],
  ['services', 'auto-renew', SVC, 'off'],
  ['shield', 'rules', 'add', SVC, '--name', 'web', '--mode', 'enforce', '--action', 'pass'].concat([
    '--risk',
    'low',
    '--protocol',
    'tcp',
    '--destination-port',
    '443',
  ]),
  ['shield', 'presets', 'apply', SVC, 'block-udp-amplification'],
  ['shield', 'profile', 'set', SVC, 'strict'],
];

let server: TestServer;
const env = () => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: 'refak_demo_eur_full',
  REF_ADMIN_TOKEN: ADMIN_TOKEN,
  XDG_CONFIG_HOME: tempConfigHome(),
});
beforeAll(async () => {
  server = await startServer(demoScenario);
});
afterAll(() => server.close());
beforeEach(() => server.admin('POST', 'reset'));

describe('a write command refuses an unknown --columns before sending', () => {
  it.for(WRITES.map((args) => ({ args, name: args.slice(0, 3).join(' ') })))(
    '$name: exit 2, one line, nothing written',
    async ({ args }) => {
      const before = (await server.requests()).length;
      const run = await refctl([...args, '--columns', 'nope'], { env: env() });
      expect(run).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toMatch(/^error: unknown column "nope"; available: [a-z_, ]+\n$/);
      const sent = (await server.requests()).slice(before).map((r) => r.method);
      expect(sent.filter((method) => method !== 'GET')).toEqual([]);
    },
  );

  it.for([
    { name: 'an order', args: WRITES[0]!, column: 'service_ref' },
    { name: 'a reboot', args: WRITES[1]!, column: 'accepted' },
  ])('apply of $name: exit 2, one line, the plan not sent', async ({ args, column }) => {
    const file = join(tempConfigHome(), 'plan.json');
    const planned = args.filter((arg) => arg !== '--yes');
    expect((await refctl([...planned, '--plan-out', file], { env: env() })).code).toBe(0);
    const before = (await server.requests()).length;
    const run = await refctl(['apply', file, '--yes', '--columns', 'nope'], { env: env() });
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/^error: unknown column "nope"; available: [a-z_, ]+\n$/);
    const sent = (await server.requests()).slice(before).map((r) => r.method);
    expect(sent.filter((method) => method !== 'GET')).toEqual([]);
    // Refused, not spent: the plan still applies, printing the column it is given.
    const applied = await refctl(['apply', file, '--yes', '--columns', column], { env: env() });
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(new RegExp(`^${column} {2,}\\S+\\n$`));
  });

  it('server spaces create: exit 2, no space created', async () => {
    const run = await refctl(['server', 'spaces', 'create', '--columns', 'nope'], { env: env() });
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/^error: unknown column "nope"; available: [a-z_, ]+\n$/);
    expect(await server.admin('GET', 'spaces')).toMatchObject({ spaces: [] });
  });

  it('still prints the columns a write command is given', async () => {
    const run = await refctl(
      ['services', 'power', SVC, 'reboot', '--yes', '--columns', 'action,accepted'],
      { env: env() },
    );
    expect({ code: run.code, stdout: run.stdout }).toEqual({
      code: 0,
      stdout: 'action    reboot\naccepted  true\n',
    });
  });
});
