import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCOPES } from '@refapi/schema';
import type { ScenarioInput } from '@refapi/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors/exit-codes';
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

// What a shell user reads when a plan cannot be made or applied for a reason of their own
// setup: a key without account:read (a plan is bound to the key's account, read first), or
// the API key given as the idempotency key (a plan file must never carry it).

/** Ada's key with every scope but account:read. */
const NO_ACCOUNT_READ = 'refak_e2e_noacct_06';
const narrowed: ScenarioInput = {
  ...scenario,
  accounts: scenario.accounts?.map((account, index) =>
    index > 0
      ? account
      : {
          ...account,
          api_keys: [
            ...(account.api_keys ?? []),
            {
              token: NO_ACCOUNT_READ,
              scopes: SCOPES.filter((scope) => scope !== 'account:read'),
              allowed_ips: [],
            },
          ],
        },
  ),
};

let server: TestServer;
let dir: string;
const env = (key: string) => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: key,
  XDG_CONFIG_HOME: tempConfigHome(),
});
const requests = async () => (await server.requests()).map((r) => `${r.method} ${r.path}`);

beforeAll(async () => {
  server = await startServer(narrowed);
});
beforeEach(async () => {
  await server.admin('POST', 'reset');
  dir = tempConfigHome();
});
afterAll(() => server.close());

const SVC = 'REF-SVC-A1';
const RULE_ID = '5b0f9a4e-8c1d-4e2a-9f3b-2d6c7a8e1f00';
const RULE = [
  ...['--name', 'plan-dns', '--mode', 'enforce', '--action', 'drop'],
  ...['--risk', 'low', '--protocol', 'udp', '--destination-port', '53'],
];
/** Every command that takes --plan-out (README), with an idempotency key or not. */
const KEYED: readonly (readonly [string, readonly string[]])[] = [
  ['orders create', ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s']],
  ['services power', ['services', 'power', SVC, 'reboot']],
  ['shield rules add', ['shield', 'rules', 'add', SVC, ...RULE]],
  ['shield rules delete', ['shield', 'rules', 'delete', SVC, RULE_ID]],
  ['shield presets apply', ['shield', 'presets', 'apply', SVC, 'block-udp-amplification']],
  ['shield profile set', ['shield', 'profile', 'set', SVC, 'strict']],
];
const PLANNED: readonly (readonly [string, readonly string[]])[] = [
  ...KEYED,
  ['services auto-renew', ['services', 'auto-renew', SVC, 'off']],
];

const MAKING =
  'making a plan reads the account with GET /v1/me, which needs account:read, a scope this API key lacks; no plan was written';
const APPLYING =
  'applying a plan reads the account with GET /v1/me, which needs account:read, a scope this API key lacks; nothing was sent';

describe('a key without account:read', () => {
  it.each(PLANNED)('%s --plan-out says the plan reads the account (exit 4)', async (_, args) => {
    const file = join(dir, 'plan.json');
    const run = await refctl([...args, '--plan-out', file], { env: env(NO_ACCOUNT_READ) });
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: EXIT.auth,
      stdout: '',
      stderr: `error: insufficient scope (403 insufficient_scope) (${MAKING})\n`,
    });
    expect(existsSync(file)).toBe(false);
  });

  it('refctl apply says applying reads the account (exit 4), in JSON too; nothing is sent', async () => {
    const plans: string[] = [];
    for (const [name, args] of [PLANNED[0]!, PLANNED.at(-1)!]) {
      const made = await refctl([...args, '--plan-out', '-'], { env: env(KEYS.full) });
      expect(made.code).toBe(0);
      const file = join(dir, `${name.replaceAll(' ', '-')}.plan.json`);
      writeFileSync(file, made.stdout);
      plans.push(file);
    }
    for (const file of plans) {
      const run = await refctl(['apply', file, '--yes'], { env: env(NO_ACCOUNT_READ) });
      expect([run.code, run.stderr]).toEqual([
        EXIT.auth,
        `error: insufficient scope (403 insufficient_scope) (${APPLYING})\n`,
      ]);
    }
    const json = await refctl(['apply', plans[0]!, '--yes', '-o', 'json'], {
      env: env(NO_ACCOUNT_READ),
    });
    expect(json.code).toBe(EXIT.auth);
    expect(JSON.parse(json.stderr).error).toMatchObject({
      message: 'insufficient scope',
      code: 'insufficient_scope',
      status: 403,
      exit_code: EXIT.auth,
      hint: APPLYING,
    });
    expect((await requests()).filter((r) => !r.startsWith('GET '))).toEqual([]);
  });

  it('keeps the plain 403 where no plan reads the account', async () => {
    // The plan's own request refused: the key lacks the operation's scope, not account:read.
    const made = await refctl(['services', 'power', SVC, 'reboot', '--plan-out', '-'], {
      env: env(KEYS.full),
    });
    const file = join(dir, 'power.plan.json');
    writeFileSync(file, made.stdout);
    const run = await refctl(['apply', file, '--yes'], { env: env(KEYS.readOnly) });
    expect([run.code, run.stderr]).toEqual([
      EXIT.auth,
      'error: insufficient scope (403 insufficient_scope)\n',
    ]);
  });
});

describe('the API key given as --idempotency-key with --plan-out', () => {
  it.each(KEYED)('%s names the flag typed, never the key (exit 2)', async (_, args) => {
    const file = join(dir, 'plan.json');
    const key = KEYS.full;
    for (const format of ['table', 'json']) {
      const run = await refctl(
        [...args, '--idempotency-key', key, '--plan-out', file, '-o', format],
        { env: env(key) },
      );
      expect(run.code).toBe(EXIT.usage);
      const message =
        'invalid --idempotency-key: it holds an API key (refak_…), not an idempotency key, and a plan file must never carry one; no plan was written';
      if (format === 'table') expect(run.stderr).toBe(`error: ${message}\n`);
      else expect(JSON.parse(run.stderr).error).toMatchObject({ message, exit_code: 2 });
      expect(`${run.stdout}${run.rawStderr}`).not.toContain(key);
      expect(`${run.stdout}${run.rawStderr}`).not.toContain('idempotencyKey');
    }
    // Not even one within another word: the SDK's rule (any `refak_` in the key).
    const inside = await refctl([...args, '--idempotency-key', `x-${key}`, '--plan-out', file], {
      env: env(key),
    });
    expect([inside.code, inside.stderr]).toEqual([
      EXIT.usage,
      expect.stringContaining('--idempotency-key'),
    ]);
    expect(existsSync(file)).toBe(false);
    expect(await requests()).toEqual([]);
  });
});
