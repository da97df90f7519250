import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createReferenceServer, type ListeningServer, type ScenarioInput } from '@refapi/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFCTL_BIN } from './refctl-bin';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../refctl-report.sh', import.meta.url));
const KEY = 'refak_shell_example1';
const hasJq = spawnSync('sh', ['-c', 'command -v jq']).status === 0;

const invoice = (ref: string, status: string, amount: number, day: string) => ({
  invoice_ref: ref,
  kind: 'service_renewal',
  transaction_kind: 'debit',
  amount,
  fee: 0,
  penalty: 0,
  vat_amount: 0,
  vat_rate: 0,
  currency: 'EUR',
  status,
  issue_date: `2025-12-${day}T00:00:00.000Z`,
  description: 'renewal',
  customer_payable: true,
});

const scenario: ScenarioInput = {
  now: '2026-01-01T00:00:00.000Z',
  frozen: true,
  accounts: [
    {
      account_ref: 'REF-ACCT-5E',
      email: 'grace@example.test',
      first_name: 'Grace',
      last_name: 'Hopper',
      country_code: 'US',
      account_currency: 'EUR',
      preferred_locale: 'en-US',
      status: 'active',
      balance: 40.1,
      api_keys: [{ token: KEY }],
      services: [
        {
          service_ref: 'REF-SVC-51',
          name: 'vm',
          service_plan_name: 'KVM S',
          type: 'kvm',
          status: 'active',
          auto_renew: true,
        },
        {
          service_ref: 'REF-SVC-52',
          name: 'st',
          service_plan_name: 'Box',
          type: 'storage_box',
          status: 'suspended',
          auto_renew: false,
        },
      ],
      // 0.1 + 0.2 in floats is 0.30000000000000004: the script sums cents.
      invoices: [
        invoice('REF-INV-53', 'unpaid', 0.1, '03'),
        invoice('REF-INV-52', 'paid', 99, '02'),
        invoice('REF-INV-51', 'unpaid', 0.2, '01'),
      ],
    },
  ],
};

let listening: ListeningServer;
beforeAll(async () => {
  const server = createReferenceServer({ scenario });
  await server.ready;
  listening = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => listening.close());

const env = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  HOME: mkdtempSync(join(tmpdir(), 'refctl-shell-')),
  REFCTL: `${process.execPath} ${REFCTL_BIN}`,
  REF_BASE_URL: listening.baseUrl,
  REF_API_KEY: KEY,
  ...extra,
});

// Each run starts refctl (node) several times: seconds on a loaded machine.
describe('refctl-report.sh', { timeout: 30_000 }, () => {
  it.skipIf(!hasJq)('reports the account from refctl JSON with exact money', async () => {
    const { stdout, stderr } = await run('bash', [SCRIPT], { env: env() });
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        'Account   Grace Hopper <grace@example.test> REF-ACCT-5E',
        'Balance   40.10 EUR',
        'Services  2 total, 1 active',
        '  kvm: 1',
        '  storage_box: 1',
        'Unpaid    2 invoice(s), 0.30 EUR',
        '  REF-INV-53  2025-12-03  0.10',
        '  REF-INV-51  2025-12-01  0.20',
        '',
      ].join('\n'),
    );
  });

  it.skipIf(!hasJq)("stops with refctl's exit code when a call fails", async () => {
    const failure = await run('bash', [SCRIPT], {
      env: env({ REF_API_KEY: 'refak_wrong_key_00' }),
    }).catch((e) => e);
    expect(failure).toMatchObject({ code: 4, stdout: '' });
    // refctl ran with -o json, so its error is a JSON object on stderr.
    expect(JSON.parse(failure.stderr)).toMatchObject({
      error: { code: 'invalid_api_key', exit_code: 4 },
    });
  });

  // The header's first usage line: refctl on PATH, no REFCTL. The script's refctl function
  // used to call itself until bash crashed (exit 139, no message).
  it.skipIf(!hasJq)('runs as its header says, with refctl on PATH and no REFCTL', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'refctl-shell-path-'));
    writeFileSync(
      join(bin, 'refctl'),
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(REFCTL_BIN)} "$@"\n`,
    );
    chmodSync(join(bin, 'refctl'), 0o755);
    const { REFCTL: _, ...withoutRefctl } = env({ PATH: `${bin}:${process.env.PATH ?? ''}` });
    const { stdout, stderr } = await run('bash', [SCRIPT], { env: withoutRefctl });
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Account {3}Grace Hopper <grace@example.test> REF-ACCT-5E\n/);
    expect(stdout).toContain('Unpaid    2 invoice(s), 0.30 EUR');
  });

  it.skipIf(!hasJq)(
    'says it needs refctl when neither REFCTL nor refctl on PATH is there',
    async () => {
      const { REFCTL: _, ...withoutRefctl } = env();
      const path = (process.env.PATH ?? '')
        .split(':')
        .filter((dir) => !existsSync(join(dir, 'refctl')))
        .join(':');
      const failure = await run('bash', [SCRIPT], { env: { ...withoutRefctl, PATH: path } }).catch(
        (e) => e,
      );
      expect(failure).toMatchObject({
        code: 1,
        stderr: 'refctl-report.sh needs refctl on PATH, or REFCTL set to a command that runs it\n',
      });
    },
  );

  it('says it needs jq when jq is missing', async () => {
    // A PATH with bash and node but no jq.
    const bin = mkdtempSync(join(tmpdir(), 'refctl-shell-bin-'));
    mkdirSync(join(bin, 'b'));
    for (const tool of ['bash', 'node']) {
      const found = spawnSync('sh', ['-c', `command -v ${tool}`], {
        encoding: 'utf8',
      }).stdout.trim();
      symlinkSync(found, join(bin, 'b', tool));
    }
    const failure = await run(join(bin, 'b', 'bash'), [SCRIPT], {
      env: env({ PATH: join(bin, 'b') }),
    }).catch((e) => e);
    expect(failure).toMatchObject({
      code: 1,
      stderr: 'refctl-report.sh needs jq (https://jqlang.org/download/); it is not on PATH\n',
    });
  });
});
