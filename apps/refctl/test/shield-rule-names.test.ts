import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { ADA, KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

// The names refctl keeps for the Shield rules it adds (rules.json beside its config) can never
// be had again from the API: whatever the file holds, an add or a listing loses none of them.

let server: TestServer;
beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

const SVC = 'REF-SVC-A1';
/** Another account's entry in the record. */
const OTHER = 'https://prod.example/v1 REF-ACCT-9';
const saved = (name: string, match: string) => ({
  service_ref: SVC,
  name,
  mode: 'enforce',
  action: 'drop',
  match,
  sent_at: '2026-01-01T00:00:00.000Z',
});
/** A rule of the record without its `match`. */
const { match: _, ...BROKEN } = saved('broken', '');
type RulesFile = { accounts: { [key: string]: { rules: { [id: string]: unknown } } } };

/** A config home whose rules.json holds `text`: the environment to use it, and its path. */
function withRecord(text: string) {
  const home = tempConfigHome();
  const env = { REF_BASE_URL: server.baseUrl, REF_API_KEY: KEYS.full, XDG_CONFIG_HOME: home };
  const path = join(home, 'refctl', 'rules.json');
  mkdirSync(join(home, 'refctl'), { recursive: true, mode: 0o700 });
  writeFileSync(path, text, { mode: 0o600 });
  return { env, path };
}

/** `refctl shield rules add` of a rule named `name` for UDP to `port`. */
const add = (name: string, port: string, env: { [name: string]: string }) =>
  refctl(
    [
      ...['shield', 'rules', 'add', SVC, '--name', name, '--mode', 'observe', '--action', 'drop'],
      ...['--risk', 'low', '--protocol', 'udp', '--destination-port', port, '-o', 'json'],
    ],
    { env },
  );

describe('the names of the rules refctl added', () => {
  it('survive an entry it cannot read: listed, and kept by the next adds', async () => {
    const other = {
      used_at: '2026-01-01T00:00:00.000Z',
      rules: { 'r-good': saved('keep-me', 'udp dst 53'), 'r-bad': BROKEN },
    };
    const { env, path } = withRecord(JSON.stringify({ version: 1, accounts: { [OTHER]: other } }));
    const mine = `${server.baseUrl} ${ADA.account_ref}`;
    const read = () => JSON.parse(readFileSync(path, 'utf8')) as RulesFile;
    const added = async (name: string, port: string) => {
      const run = await add(name, port, env);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      return (JSON.parse(run.stdout) as { rule: { id: string } }).rule.id;
    };

    const first = await added('first', '57');
    // An entry of this account that refctl cannot read either.
    const record = read();
    record.accounts[mine]!.rules['r-bad'] = BROKEN;
    writeFileSync(path, JSON.stringify(record));
    const table = await refctl(
      ['shield', 'rules', 'list', SVC, '--columns', 'id,name', '--no-headers'],
      { env },
    );
    expect(table.stdout).toMatch(new RegExp(`^${first} +first *$`, 'm'));

    const second = await added('second', '58');
    const after = read();
    expect(after.accounts[OTHER]).toEqual(other);
    expect(after.accounts[mine]!.rules).toMatchObject({
      [first]: { name: 'first', match: 'udp dst 57' },
      'r-bad': BROKEN,
      [second]: { name: 'second', match: 'udp dst 58' },
    });
  });

  it('of a newer refctl are not written over: the rule is added, with a one-line warning', async () => {
    const text = `${JSON.stringify({ version: 2, accounts: { [OTHER]: {} } })}\n`;
    const { env, path } = withRecord(text);
    const run = await add('after-add', '57', env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ rule: { service_ref: SVC, state: 'queued' } });
    expect(run.stderr).toBe(
      `warning: the rule's name is not kept (${path} is of version 2, which this refctl does not know): listings show -\n`,
    );
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('are said not shown when the record cannot be read, the listing still whole', async () => {
    const { env, path } = withRecord('{ not json');
    const run = await refctl(['shield', 'rules', 'list', SVC, '-o', 'json'], { env });
    expect(run.code).toBe(0);
    expect(Array.isArray(JSON.parse(run.stdout))).toBe(true);
    expect(run.stderr).toBe(`note: rule names not shown: ${path} is not valid JSON\n`);
    expect(readFileSync(path, 'utf8')).toBe('{ not json');
  });
});
