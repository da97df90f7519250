import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { shellQuote } from '@refapi/schema/text';
import { RefClient } from '@refapi/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../src/errors/exit-codes';
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

// Plan once, apply exactly (issue 53): `--plan-out` writes the plan and sends nothing;
// `refctl apply` sends exactly it, once, or refuses with the README's exit codes.

let server: TestServer;
let dir: string;
const env = (key: string = KEYS.full, baseUrl = server.baseUrl) => ({
  REF_BASE_URL: baseUrl,
  REF_API_KEY: key,
  XDG_CONFIG_HOME: tempConfigHome(),
});
const BUY = ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s', '--period', 'REF-PERIOD-1'];
const writes = async () =>
  (await server.requests()).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
const balance = async () =>
  JSON.parse((await refctl(['balance', '-o', 'json'], { env: env() })).stdout).amount as number;

async function planOrder(file = join(dir, 'order.plan.json')): Promise<string> {
  const made = await refctl([...BUY, '--plan-out', file], { env: env() });
  expect(made.code).toBe(0);
  return file;
}

beforeAll(async () => {
  server = await startServer(scenario);
});
beforeEach(async () => {
  await server.admin('POST', 'reset');
  dir = tempConfigHome();
});
afterAll(() => server.close());

describe('refctl orders create --plan-out, then refctl apply', () => {
  it('writes the plan and sends nothing; applying it twice buys once and says the second was a replay', async () => {
    const file = join(dir, 'order.plan.json');
    const made = await refctl([...BUY, '--plan-out', file, '--idempotency-key', 'ci-order-1'], {
      env: env(),
    });
    expect(made.code).toBe(0);
    expect(made.stdout).toBe('');
    expect(made.stderr).toMatch(
      /^plan written to .*order\.plan\.json: buy kvm-s \(monthly\) for 5\.95 EUR; expires \S+; nothing was sent \(apply it with: refctl apply .*order\.plan\.json\)\n$/,
    );
    const plan = JSON.parse(readFileSync(file, 'utf8'));
    expect(plan).toMatchObject({
      operation: 'createOrder',
      idempotency_key: 'ci-order-1',
      account_ref: 'REF-ACCT-A1',
      base_url: server.baseUrl,
      quote: { total_cents: 595, currency: 'EUR' },
    });
    expect(await writes()).toEqual([]);

    const before = await balance();
    const first = await refctl(['apply', file, '--yes', '-o', 'json'], { env: env() });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/^charged: 5\.95 EUR \(order REF-ORD-[0-9A-F]+\)\n$/);
    const second = await refctl(['apply', file, '--yes', '-o', 'json'], { env: env() });
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(
      /^replayed: this plan was already applied; nothing was done again\ncharged: 5\.95 EUR/,
    );
    expect(JSON.parse(second.stdout).service_ref).toBe(JSON.parse(first.stdout).service_ref);
    expect(Math.round((before - (await balance())) * 100)).toBe(595);
    expect(await writes()).toEqual(['POST /v1/orders', 'POST /v1/orders']);
  });

  it('refuses with exit 9, naming both prices, when the catalog price changed; nothing is charged', async () => {
    const file = await planOrder();
    const state = (await server.admin('GET', 'state')) as { plans: Record<string, unknown>[] };
    for (const plan of state.plans) {
      if (plan.code === 'kvm-s') Object.assign(plan, { price_eur: 6, period_prices: undefined });
    }
    await server.admin('POST', 'scenario', state);
    const before = await balance();
    const { code, stdout, stderr } = await refctl(['apply', file, '--yes'], { env: env() });
    expect({ code, stdout }).toEqual({ code: EXIT.planPriceChanged, stdout: '' });
    expect(stderr).toBe(
      'error: plan refused: the price changed since the plan was made: planned 5.95 EUR, now 7.14 EUR; make a new plan to buy at the new price; nothing was sent\n',
    );
    expect(await balance()).toBe(before);
    expect(await writes()).toEqual([]);
  });

  it('says nothing was bought when the key of a plan at a new price had bought at the old one', async () => {
    // Two plans of one order with one --idempotency-key (a CI job's fixed key), the price
    // changed between them: the second is answered by the order the first bought.
    // The reset goes back to the scenario loaded last: the one found here is put back.
    const found = await server.admin('GET', 'state');
    const catalog = async (price: number) => {
      const state = (await server.admin('GET', 'state')) as { plans: Record<string, unknown>[] };
      for (const plan of state.plans) {
        if (plan.code === 'kvm-s')
          Object.assign(plan, { price_eur: price, period_prices: undefined });
      }
      await server.admin('POST', 'scenario', state);
    };
    const KEYED = [...BUY, '--idempotency-key', 'ci-order-2', '--plan-out'];
    const first = join(dir, 'first.plan.json');
    const second = join(dir, 'second.plan.json');
    await catalog(5);
    expect((await refctl([...KEYED, first], { env: env() })).code).toBe(0);
    const before = await balance();
    expect((await refctl(['apply', first, '--yes'], { env: env() })).code).toBe(0);
    await catalog(6);
    expect((await refctl([...KEYED, second], { env: env() })).code).toBe(0);
    const run = await refctl(['apply', second, '--yes'], { env: env() });
    // It used to say only "order … charged 5.95 EUR, but the plan's total was 7.14 EUR".
    expect([run.code, run.stdout, run.stderr]).toEqual([
      EXIT.error,
      '',
      expect.stringMatching(
        /^error: the plan's idempotency key had already bought order REF-ORD-\w+ for 5\.95 EUR, which the server replayed: nothing was bought now, and the plan's total 7\.14 EUR was not charged; make a plan with another idempotency key to buy it\n$/,
      ),
    ]);
    expect(Math.round((before - (await balance())) * 100)).toBe(595);
    await server.admin('POST', 'scenario', found);
  });

  it.each([
    [
      'tampered',
      EXIT.planTampered,
      async (file: string) => {
        const plan = JSON.parse(readFileSync(file, 'utf8'));
        plan.body.plan_code = 'kvm-m';
        writeFileSync(file, JSON.stringify(plan));
        return env();
      },
      'the plan was changed after it was made: its digest does not match its content',
    ],
    [
      'expired',
      EXIT.planExpired,
      async (file: string) => {
        const client = new RefClient({ apiKey: KEYS.full, baseUrl: server.baseUrl });
        const old = await client.orders.plan(
          { type: 'kvm', plan_code: 'kvm-s' },
          { now: new Date(Date.now() - 2 * 3_600_000) },
        );
        writeFileSync(file, JSON.stringify(old));
        return env();
      },
      'the plan expired at',
    ],
    [
      'for another account',
      EXIT.planOtherAccount,
      async () => env(KEYS.noShield),
      'the plan was made for account REF-ACCT-A1; this API key is of REF-ACCT-B1',
    ],
    [
      'for another base URL',
      EXIT.planOtherBaseUrl,
      async () => env(KEYS.full, server.baseUrl.replace('127.0.0.1', 'localhost')),
      'the plan was made for http://127.0.0.1:',
    ],
  ])('refuses a plan %s with exit %i, sending nothing', async (_what, exit, prepare, says) => {
    const file = await planOrder();
    const runEnv = await prepare(file);
    const { code, stdout, stderr } = await refctl(['apply', file, '--yes'], { env: runEnv });
    expect({ code, stdout }).toEqual({ code: exit, stdout: '' });
    expect(stderr).toContain(`error: plan refused: ${says}`);
    expect(stderr).toMatch(/nothing was sent\n$/);
    expect(await writes()).toEqual([]);
  });

  it('applies a plan an editor saved with a byte order mark (Notepad, PowerShell 5)', async () => {
    const file = await planOrder();
    writeFileSync(file, `\uFEFF${readFileSync(file, 'utf8')}`);
    const applied = await refctl(['apply', file, '--yes'], { env: env() });
    expect([applied.code, applied.stderr]).toEqual([0, expect.stringMatching(/^charged: /)]);
    expect(await writes()).toEqual([expect.stringMatching(/^POST .*\/orders$/)]);
  });

  it('refuses a file that is no plan in one line (exit 2), and asks without --yes', async () => {
    const file = join(dir, 'not-a-plan.json');
    writeFileSync(file, '{"plan_version": 1}');
    const bad = await refctl(['apply', file, '--yes'], { env: env() });
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr).toMatch(
      /^error: plan refused: not a plan document of version 1 \(.*\); nothing was sent\n$/,
    );
    writeFileSync(file, 'nope');
    expect((await refctl(['apply', file, '--yes'], { env: env() })).stderr).toContain(
      'is not JSON: not a plan written by --plan-out',
    );
    // A file far larger than any plan (a wrong path, a disk image) is refused once 1 MiB
    // was read, not read whole; one that cannot be read is named.
    writeFileSync(file, Buffer.alloc(4 * 1024 * 1024, 0x61));
    const huge = await refctl(['apply', file, '--yes'], { env: env() });
    expect([huge.code, huge.stderr]).toEqual([
      EXIT.usage,
      `error: ${file} is larger than 1024 KiB: not what this command reads\n`,
    ]);
    const missing = await refctl(['apply', join(dir, 'missing.json'), '--yes'], { env: env() });
    expect(missing.stderr).toBe(`error: cannot read ${join(dir, 'missing.json')}: ENOENT\n`);
    // An empty path (`refctl apply "$PLAN"` with PLAN unset) is named as such.
    const empty = await refctl(['apply', '', '--yes'], { env: env() });
    expect([empty.code, empty.stderr]).toEqual([
      EXIT.usage,
      'error: the file name is empty: give a path, or - for standard input\n',
    ]);
    const unasked = await refctl(['apply', await planOrder()], { env: env() });
    expect(unasked.code).toBe(EXIT.usage);
    expect(unasked.stderr).toContain('apply needs confirmation and stdin is not a terminal');
    expect(await writes()).toEqual([]);
  });
});

describe('refctl apply when the API fails', () => {
  it('says to retry by applying the plan again: apply takes no --idempotency-key', async () => {
    const made = await refctl(['services', 'power', 'REF-SVC-A1', 'start', '--plan-out', '-'], {
      env: env(),
    });
    const file = join(dir, 'power.plan.json');
    writeFileSync(file, made.stdout);
    await server.admin('POST', 'faults', { power: 'fail' });
    try {
      const failed = await refctl(['apply', file, '--yes'], { env: env() });
      expect(failed.code).toBe(EXIT.error);
      // It used to say "retry safely with --idempotency-key …", which apply refuses (exit 2).
      expect(failed.stderr).toMatch(
        /^error: .* \(502 [a-z_]+\)(?: \(request req_\w+\))?; retry safely by applying the same plan again \(it carries its idempotency key\): refctl apply \S+power\.plan\.json\n$/,
      );
      // A file name the shell would split is named quoted.
      const spaced = join(dir, 'power plan.json');
      writeFileSync(spaced, made.stdout);
      const named = await refctl(['apply', spaced, '--yes'], { env: env() });
      expect(named.stderr).toContain(`: refctl apply ${shellQuote(spaced)}\n`);
      const json = await refctl(['apply', file, '--yes', '-o', 'json'], { env: env() });
      expect(JSON.parse(json.stderr).error).toMatchObject({
        retriable: true,
        idempotency_key: JSON.parse(made.stdout).idempotency_key,
      });
    } finally {
      await server.admin('POST', 'faults', { power: 'ok' });
    }
    expect((await refctl(['apply', file, '--yes'], { env: env() })).code).toBe(0);
  });

  it("says a refusal was replayed under the plan's key, so the plan cannot succeed: make a new one", async () => {
    const file = join(dir, 'order.plan.json');
    // Bob's balance is 0: the order is refused, and the server keeps that answer under the key.
    expect((await refctl([...BUY, '--plan-out', file], { env: env(KEYS.noShield) })).code).toBe(0);
    const refused = await refctl(['apply', file, '--yes'], { env: env(KEYS.noShield) });
    expect(refused.code).toBe(EXIT.error);
    expect(refused.stderr).toMatch(/^error: insufficient balance \(422 insufficient_balance\)/);
    expect(refused.stderr).not.toContain('new plan');
    await server.admin('POST', 'top-ups', { account_ref: 'REF-ACCT-B1', amount: 100 });
    // Topped up, the same plan still gets the stored refusal: it used to print only that,
    // as if applying it again could help.
    const again = await refctl(['apply', file, '--yes'], { env: env(KEYS.noShield) });
    expect(again.code).toBe(EXIT.error);
    expect(again.stderr).toMatch(
      /^error: insufficient balance \(422 insufficient_balance\)(?: \(request req_\w+\))? \(this plan was applied before and refused: the server replays that answer to its idempotency key; make a new plan\)\n$/,
    );
    const json = await refctl(['apply', file, '--yes', '-o', 'json'], { env: env(KEYS.noShield) });
    expect(JSON.parse(json.stderr).error).toMatchObject({
      code: 'insufficient_balance',
      retriable: false,
      hint: expect.stringContaining('make a new plan'),
    });
    expect((await writes()).filter((w) => w === 'POST /v1/orders')).toHaveLength(3);
  });
});

describe('the note --plan-out prints', () => {
  it('names the command to apply the plan as one a shell takes: a file name with a space quoted', async () => {
    const file = join(dir, "Ada's plan.json");
    const made = await refctl([...BUY, '--plan-out', file], { env: env() });
    expect(made.code).toBe(0);
    const command = /\(apply it with: (refctl apply .*)\)\n$/.exec(made.stderr)?.[1];
    expect(command).toBe(`refctl apply ${shellQuote(file)}`);
    // Pasted into a shell, it names the file written.
    const argument = execFileSync(
      'bash',
      ['-c', `printf %s ${command?.slice('refctl apply '.length)}`],
      {
        encoding: 'utf8',
      },
    );
    expect(argument).toBe(file);
  });
});

describe('a plan file is checked before it is shown', () => {
  it('refuses what is no plan, even JSON null, in one line (exit 2): no TypeError', async () => {
    const file = join(dir, 'odd-plan.json');
    for (const text of [
      'null',
      '{"operation":"createOrder"}',
      '{"operation":"createOrder","body":null}',
    ]) {
      writeFileSync(file, text);
      const run = await refctl(['apply', file, '--yes'], { env: env() });
      expect([text, run.code, run.stderr]).toEqual([
        text,
        EXIT.usage,
        expect.stringMatching(
          /^error: plan refused: not a plan document of version 1 \(.*\); nothing was sent\n$/,
        ),
      ]);
    }
    expect(await writes()).toEqual([]);
  });

  it('refuses a plan that names a key twice (exit 2): what was read need not be what is sent', async () => {
    const file = await planOrder();
    const text = readFileSync(file, 'utf8');
    // A reviewer reads the first "idempotency_key"; JSON.parse (and the digest) keeps the last.
    writeFileSync(
      file,
      text.replace(
        '"idempotency_key":',
        '"idempotency_key": "reviewed-key",\n  "idempotency_key":',
      ),
    );
    const run = await refctl(['apply', file, '--yes'], { env: env() });
    expect([run.code, run.stderr]).toEqual([
      EXIT.usage,
      `error: plan refused: ${file} names idempotency_key twice: not a plan written by --plan-out; nothing was sent\n`,
    ]);
    writeFileSync(file, text.replace('"plan_code":', '"plan_code": "kvm-m", "plan_code":'));
    expect((await refctl(['apply', file, '--yes'], { env: env() })).stderr).toContain(
      'names body.plan_code twice',
    );
    expect(await writes()).toEqual([]);
  });

  it('refuses an edited plan before asking about it: its text never reaches the prompt', async () => {
    const file = await planOrder();
    const plan = JSON.parse(readFileSync(file, 'utf8'));
    plan.body.plan_code = 'kvm-s\u001b]0;PWNED\u0007\u001b[2K\r';
    writeFileSync(file, JSON.stringify(plan));
    // No --yes and no terminal: it used to stop at the prompt (exit 2), having shown it.
    const run = await refctl(['apply', file], { env: env() });
    expect([run.code, run.stderr]).toEqual([
      EXIT.usage,
      'error: plan refused: not a plan document of version 1 (body.plan_code: must not contain control characters, bidi controls or lone surrogates); nothing was sent\n',
    ]);
    // Printable, the edit is caught by the digest (exit 10), still before the prompt.
    plan.body.plan_code = 'kvm-m';
    writeFileSync(file, JSON.stringify(plan));
    const edited = await refctl(['apply', file], { env: env() });
    expect([edited.code, edited.stderr]).toEqual([
      EXIT.planTampered,
      'error: plan refused: the plan was changed after it was made: its digest does not match its content; nothing was sent\n',
    ]);
  });
});

describe('every write command takes --plan-out', () => {
  const SVC = 'REF-SVC-A1';
  const RULE = [
    ...['--name', 'plan-dns', '--mode', 'enforce', '--action', 'drop'],
    ...['--risk', 'low', '--protocol', 'udp', '--destination-port', '53'],
  ];

  it.each([
    [
      'services auto-renew',
      ['services', 'auto-renew', SVC, 'off'],
      'PUT',
      `/services/${SVC}/auto-renew`,
    ],
    ['services power', ['services', 'power', SVC, 'reboot'], 'POST', `/services/${SVC}/power`],
    [
      'shield rules add',
      ['shield', 'rules', 'add', SVC, ...RULE],
      'POST',
      `/services/${SVC}/shield/rules`,
    ],
    [
      'shield presets apply',
      ['shield', 'presets', 'apply', SVC, 'block-udp-amplification'],
      'POST',
      `/services/${SVC}/shield/presets/block-udp-amplification`,
    ],
    [
      'shield profile set',
      ['shield', 'profile', 'set', SVC, 'strict'],
      'POST',
      `/services/${SVC}/shield/profiles/strict`,
    ],
  ])(
    '%s: the plan on stdout round-trips through refctl apply',
    async (_name, args, method, path) => {
      const made = await refctl([...args, '--plan-out', '-'], { env: env() });
      expect(made.code).toBe(0);
      const plan = JSON.parse(made.stdout);
      expect(plan).toMatchObject({ method, path, account_ref: 'REF-ACCT-A1' });
      expect(await writes()).toEqual([]);
      const file = join(dir, 'plan.json');
      writeFileSync(file, made.stdout);
      const applied = await refctl(['apply', file, '--yes'], { env: env() });
      expect(applied.code).toBe(0);
      expect(await writes()).toEqual([`${method} /v1${path}`]);
    },
  );

  it('shield rules delete: planned for a rule, applied once', async () => {
    const added = await refctl(['shield', 'rules', 'add', SVC, ...RULE, '-o', 'json'], {
      env: env(),
    });
    const ruleId = JSON.parse(added.stdout).rule.id as string;
    await server.admin('POST', 'clock', { advance_seconds: 30 });
    const made = await refctl(['shield', 'rules', 'delete', SVC, ruleId, '--plan-out', '-'], {
      env: env(),
    });
    expect(made.code).toBe(0);
    const file = join(dir, 'delete.plan.json');
    writeFileSync(file, made.stdout);
    expect((await refctl(['apply', file, '--yes'], { env: env() })).code).toBe(0);
    expect((await refctl(['apply', file, '--yes'], { env: env() })).stderr).toContain('replayed');
    expect(await writes()).toEqual([
      `POST /v1/services/${SVC}/shield/rules`,
      `DELETE /v1/services/${SVC}/shield/rules/${ruleId}`,
      `DELETE /v1/services/${SVC}/shield/rules/${ruleId}`,
    ]);
  });
});
