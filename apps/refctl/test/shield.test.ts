import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Each command runs in this process, but for Ctrl-C (a signal to the spawned bin).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { refctl as refctlSpawned, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

let server: TestServer;
const env = () => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: KEYS.full,
  XDG_CONFIG_HOME: tempConfigHome(),
});
const SVC = 'REF-SVC-A1';
const rule = (name: string, port: string) => [
  'shield',
  'rules',
  'add',
  SVC,
  '--name',
  name,
  '--mode',
  'enforce',
  '--action',
  'drop',
  '--risk',
  'high',
  '--protocol',
  'udp',
  '--destination-port',
  port,
];

/** Once the server has answered `method` on a path matching `suffix` (from now on), advance its clock. */
function advanceAfter(method: string, suffix: RegExp, seconds: number): () => void {
  return () => {
    void (async () => {
      const seenBefore = (await server.requests()).length;
      for (let i = 0; i < 200; i++) {
        const fresh = (await server.requests()).slice(seenBefore);
        if (fresh.some((r) => r.method === method && suffix.test(r.path) && r.status < 300)) {
          await server.admin('POST', 'clock', { advance_seconds: seconds });
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
  };
}

beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

describe('shield rules', () => {
  it('add --wait returns once the rule is active (server clock advanced via the admin API)', async () => {
    const { code, stdout, stderr } = await refctl(
      [...rule('dns', '53'), '--wait', '--timeout', '30s', '-o', 'json'],
      {
        env: env(),
        onSpawn: advanceAfter('POST', /\/shield\/rules$/, 15),
      },
    );
    expect(code).toBe(0);
    const { rule: created } = JSON.parse(stdout) as {
      rule: { id: string; state: string; protected_ip: string };
    };
    expect(created).toMatchObject({ state: 'active', protected_ip: '203.0.113.10' });
    // Without a terminal: a plain line per observed state (none when the first poll already
    // sees it active), no spinner or cursor codes.
    expect(stderr).toMatch(
      new RegExp(
        `^(waiting for rule ${created.id} to be active \\(now: (queued|applying)\\)…\\n)*rule ${created.id} is active \\(\\d+s\\)\\n$`,
      ),
    );
  });

  it('add --wait exits 7 when the rule does not get there in time', async () => {
    const { code, stdout, stderr } = await refctl(
      [...rule('ntp', '123'), '--wait', '--timeout', '1s'],
      { env: env() },
    );
    expect(code).toBe(7);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^waiting for rule [0-9a-f-]{36} to be active \(now: queued\)…\n/);
    expect(stderr.split('\n').at(-2)).toMatch(
      /^error: timed out after 1s waiting for rule [0-9a-f-]{36} to be active \(last seen: queued\); it goes on server-side: refctl shield rules list REF-SVC-A1$/,
    );
  });

  it('names a rule whose --wait was cut short: it was recorded once queued', async () => {
    const own = { ...env(), XDG_CONFIG_HOME: tempConfigHome() };
    const cut = await refctl([...rule('cut-short', '124'), '--wait', '--timeout', '1s'], {
      env: own,
    });
    expect(cut.code).toBe(7);
    const id = /waiting for rule ([0-9a-f-]{36})/.exec(cut.stderr)?.[1];
    const table = await refctl(
      ['shield', 'rules', 'list', SVC, '--columns', 'id,name', '--no-headers'],
      { env: own },
    );
    expect(table.stdout).toMatch(new RegExp(`^${id} +cut-short *$`, 'm'));
  });

  it('add --wait exits 1 when the rule ends failed', async () => {
    // Let what earlier tests left queued finish (the server settles on its next Shield
    // request), so the armed fault hits this rule and not an older one.
    await server.admin('POST', 'clock', { advance_seconds: 30 });
    await fetch(`${server.baseUrl}/services/${SVC}/shield/rules`, {
      headers: { authorization: `Bearer ${KEYS.full}` },
    }).then((r) => r.arrayBuffer());
    await server.admin('POST', 'faults', { shield: 'fail' });
    const { code, stdout, stderr } = await refctl(
      [...rule('fails', '161'), '--wait', '--timeout', '20s'],
      {
        env: env(),
        onSpawn: advanceAfter('POST', /\/shield\/rules$/, 15),
      },
    );
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr.split('\n').at(-2)).toMatch(
      /^error: rule [0-9a-f-]{36} ended failed \(apply_failed\) instead of active$/,
    );
  });

  it('lists rules as a table and as JSON', async () => {
    const json = await refctl(['shield', 'rules', 'list', SVC, '-o', 'json'], { env: env() });
    const rules = JSON.parse(json.stdout) as { id: string; kind: string; state: string }[];
    expect(rules.length).toBeGreaterThanOrEqual(2);
    const table = await refctl(
      ['shield', 'rules', 'list', SVC, '--columns', 'id,kind,state', '--no-headers'],
      { env: env() },
    );
    const kindWidth = Math.max(...rules.map((r) => r.kind.length));
    expect(table.stdout).toBe(
      rules.map((r) => `${r.id}  ${r.kind.padEnd(kindWidth)}  ${r.state}\n`).join(''),
    );
  });

  it('names the rules it added from its own record; the API answers no name', async () => {
    const own = { ...env(), XDG_CONFIG_HOME: tempConfigHome() };
    const added = await refctl([...rule('dns-guard', '5353'), '-o', 'json'], { env: own });
    expect(added.code, added.stderr).toBe(0);
    const mine = (JSON.parse(added.stdout) as { rule: { id: string } }).rule.id;
    // A rule added through the raw API, by another tool: refctl never saw its intent.
    const raw = await fetch(`${server.baseUrl}/services/${SVC}/shield/rules`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEYS.full}`,
        'content-type': 'application/json',
        'idempotency-key': 'raw-api-rule-1',
      },
      body: JSON.stringify({
        name: 'raw rule',
        mode: 'observe',
        action: 'drop',
        risk: 'low',
        protocol: 'tcp',
        destination_port: 8080,
      }),
    });
    expect(raw.status).toBe(202);
    const theirs = ((await raw.json()) as { rule: { id: string } }).rule.id;

    const rowsOf = async (config: Record<string, string>) => {
      const table = await refctl(
        ['shield', 'rules', 'list', SVC, '--columns', 'id,name,mode,action,match', '--no-headers'],
        { env: config },
      );
      expect(table.code, table.stderr).toBe(0);
      return new Map(
        table.stdout
          .trimEnd()
          .split('\n')
          .map((line) => line.trimEnd().split(/ {2,}/))
          .map((cells) => [cells[0]!, cells.slice(1)]),
      );
    };
    const rows = await rowsOf(own);
    expect(rows.get(mine)).toEqual(['dns-guard', 'enforce', 'drop', 'udp dst 5353']);
    expect(rows.get(theirs)).toEqual(['-', '-', '-', '-']);
    expect([...rows.values()]).toContainEqual(['provider emergency rule', '-', '-', '-']);
    // Another machine (another config directory) knows neither name.
    expect((await rowsOf({ ...env(), XDG_CONFIG_HOME: tempConfigHome() })).get(mine)).toEqual([
      '-',
      '-',
      '-',
      '-',
    ]);

    // CSV leaves what refctl does not know empty, like any absent value: the table's `-` is
    // no value (and `'-`, as a formula-like text would be escaped, even less).
    const csv = await refctl(
      ['shield', 'rules', 'list', SVC, '-o', 'csv', '--columns', 'id,name,mode,action,match'],
      { env: own },
    );
    expect(csv.code, csv.stderr).toBe(0);
    const csvRows = csv.stdout.trimEnd().split('\r\n');
    expect(csvRows).toContain(`${mine},dns-guard,enforce,drop,udp dst 5353`);
    expect(csvRows).toContain(`${theirs},,,,`);
    expect(csvRows.find((r) => r.includes('provider emergency rule'))).toMatch(
      /^[^,]+,provider emergency rule,,,$/,
    );

    // JSON is the API's answer: no intent in it, whatever refctl knows.
    const json = await refctl(['shield', 'rules', 'list', SVC, '-o', 'json'], { env: own });
    const listed = (JSON.parse(json.stdout) as Record<string, unknown>[]).find(
      (r) => r.id === mine,
    );
    expect(listed).toBeDefined();
    for (const field of ['name', 'mode', 'action', 'protocol', 'destination_port']) {
      expect(listed).not.toHaveProperty(field);
    }
    // The record is private to its owner, like the config file.
    const record = join(own.XDG_CONFIG_HOME, 'refctl', 'rules.json');
    expect(statSync(record).mode & 0o777).toBe(0o600);
    expect(readFileSync(record, 'utf8')).not.toContain(KEYS.full);
  });

  it('keeps the names of rules added by several refctl runs at once', async () => {
    // A shell loop with `&`: each run reads, changes and writes the same record.
    const own = { ...env(), XDG_CONFIG_HOME: tempConfigHome() };
    const names = Array.from({ length: 8 }, (_, i) => `parallel-${i}`);
    const runs = await Promise.all(
      names.map((name, i) =>
        refctlSpawned([...rule(name, String(6000 + i)), '-o', 'json'], { env: own }),
      ),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const ids = runs.map((run) => (JSON.parse(run.stdout) as { rule: { id: string } }).rule.id);
    const table = await refctl(
      ['shield', 'rules', 'list', SVC, '--columns', 'id,name', '--no-headers'],
      { env: own },
    );
    expect(table.code, table.stderr).toBe(0);
    const named = new Map(
      table.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.trim().split(/ {2,}/) as [string, string]),
    );
    expect(ids.map((id) => named.get(id))).toEqual(names);
  });

  it('delete --yes --wait waits until the rule is gone', async () => {
    const created = await refctl([...rule('gone', '1900'), '-o', 'json'], { env: env() });
    const { id } = (JSON.parse(created.stdout) as { rule: { id: string } }).rule;
    await server.admin('POST', 'clock', { advance_seconds: 15 });
    const { code, stdout, stderr } = await refctl(
      ['shield', 'rules', 'delete', SVC, id, '--yes', '--wait'],
      {
        env: env(),
        onSpawn: advanceAfter('DELETE', new RegExp(`/rules/${id}$`), 15),
      },
    );
    expect({ code, stdout }).toEqual({ code: 0, stdout: '' });
    expect(stderr).toContain(`rule ${id} is deleted`);
    const list = await refctl(['shield', 'rules', 'list', SVC, '-o', 'json'], { env: env() });
    expect((JSON.parse(list.stdout) as { id: string }[]).map((r) => r.id)).not.toContain(id);
  });

  it('applies a preset and sets a profile, waiting for active', async () => {
    const preset = await refctl(
      ['shield', 'presets', 'apply', SVC, 'rate-limit-syn', '--wait', '-o', 'json'],
      {
        env: env(),
        onSpawn: advanceAfter('POST', /\/presets\/rate-limit-syn$/, 15),
      },
    );
    expect(preset.code).toBe(0);
    expect(JSON.parse(preset.stdout)).toMatchObject({
      rule: { kind: 'preset', preset_code: 'rate-limit-syn', state: 'active' },
    });

    const profile = await refctl(
      ['shield', 'profile', 'set', SVC, 'strict', '--wait', '-o', 'json'],
      {
        env: env(),
        onSpawn: advanceAfter('POST', /\/profiles\/strict$/, 15),
      },
    );
    expect(profile.code).toBe(0);
    expect(JSON.parse(profile.stdout)).toMatchObject({
      profile: { code: 'strict', state: 'active' },
    });
  });

  it('shows the overview and capabilities', async () => {
    const overview = await refctl(['shield', 'overview', SVC], { env: env() });
    expect(overview.stdout).toMatch(
      /^entitlement\.status {2,}active\nentitlement\.mutations_blocked {2,}false\nprofile\.code {2,}\w+\nprofile\.state {2,}\w+\nrules {2,}\d+/,
    );
    const capabilities = await refctl(['shield', 'capabilities', SVC, '-o', 'json'], {
      env: env(),
    });
    expect(JSON.parse(capabilities.stdout)).toMatchObject({
      entitlement: { tier: 'advanced', status: 'active' },
    });
  });
});

describe('shield telemetry', () => {
  it('prints traffic rows as a table matching the JSON', async () => {
    const json = await refctl(['shield', 'traffic', SVC, '--window', '24h', '-o', 'json'], {
      env: env(),
    });
    const telemetry = JSON.parse(json.stdout) as {
      items: { key: string; packets: number; bytes: number }[];
      group_by: string;
    };
    expect(telemetry.group_by).toBe('source_ip');
    const csv = await refctl(
      ['shield', 'traffic', SVC, '--window', '24h', '-o', 'csv', '--columns', 'key,packets,bytes'],
      {
        env: env(),
      },
    );
    expect(csv.stdout).toBe(
      ['key,packets,bytes', ...telemetry.items.map((i) => `${i.key},${i.packets},${i.bytes}`)]
        .map((l) => `${l}\r\n`)
        .join(''),
    );
  });

  it('prints protection activity', async () => {
    const { code, stdout } = await refctl(['shield', 'activity', SVC, '--window', '7d'], {
      env: env(),
    });
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^KEY +PACKETS +BYTES +SAMPLES$/);
  });

  const EXPORT_TRAFFIC_CSV = ['shield', 'export', SVC, '--dataset', 'traffic', '--format', 'csv'];

  it('exports the server CSV byte for byte, to stdout or a file', async () => {
    const direct = await fetch(
      `${server.baseUrl}/services/${SVC}/shield/export?dataset=traffic&format=csv&window_hours=24`,
      { headers: { authorization: `Bearer ${KEYS.full}` } },
    ).then((r) => r.text());
    expect(direct.startsWith('key,packets,bytes,samples\r\n')).toBe(true);
    const args = [...EXPORT_TRAFFIC_CSV, '--window', '24h'];
    expect((await refctl(args, { env: env() })).stdout).toBe(direct);
    const file = join(tempConfigHome(), 'traffic.csv');
    const written = await refctl([...args, '-f', file], { env: env() });
    expect(written).toMatchObject({ code: 0, stdout: '' });
    expect(readFileSync(file, 'utf8')).toBe(direct);
  });

  it('exports to stdout with -f -, as --plan-out - and --input - read it (no file named -)', async () => {
    const args = EXPORT_TRAFFIC_CSV;
    const plain = await refctl(args, { env: env() });
    expect(plain.stdout).toMatch(/^key,packets,bytes,samples\r\n/);
    expect(await refctl([...args, '-f', '-'], { env: env() })).toEqual({
      code: 0,
      stdout: plain.stdout,
      stderr: '',
    });
  });

  it('refuses a file it cannot write in one line, exit 2, as --plan-out does', async () => {
    const missing = join(tmpdir(), 'refctl-no-such-dir', 'traffic.csv');
    const args = [...EXPORT_TRAFFIC_CSV, '-f', missing];
    expect(await refctl(args, { env: env() })).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: cannot write ${missing}: ENOENT\n`,
    });
  });

  it('refuses --jq where it cannot filter the export (CSV, or a file), exit 2, nothing sent', async () => {
    // `--format csv --jq .` fetched the export and failed in jq (`Invalid numeric literal`,
    // exit 1); with `-f FILE` the filter was silently dropped.
    const before = (await server.requests()).length;
    const file = join(tempConfigHome(), 'traffic.json');
    const EXPORT_JSON = ['shield', 'export', SVC, '--dataset', 'traffic', '--format', 'json'];
    for (const [args, stderr] of [
      [
        [...EXPORT_TRAFFIC_CSV, '--jq', '.'],
        'error: --jq filters JSON output: --format csv exports CSV; use --format json\n',
      ],
      [
        [...EXPORT_JSON, '-f', file, '--jq', '.items'],
        'error: --jq filters what refctl prints, not what -f writes: drop -f and redirect stdout\n',
      ],
    ] as const) {
      expect({ args, ...(await refctl([...args], { env: env() })) }).toEqual({
        args,
        code: 2,
        stdout: '',
        stderr,
      });
    }
    expect((await server.requests()).length).toBe(before);
    const filtered = await refctl([...EXPORT_JSON, '--jq', '.telemetry'], { env: env() });
    expect(filtered).toEqual({ code: 0, stdout: 'traffic\n', stderr: '' });
  });

  it('refuses -o, which it would ignore, pointing at --format (exit 2, nothing sent)', async () => {
    // `-o csv` was silently ignored: the export's shape is its own --format.
    const before = (await server.requests()).length;
    const refusal = (given: string) =>
      `error: -o ${given} does not apply to shield export: use --format csv|json\n`;
    for (const [args, given] of [
      [[...EXPORT_TRAFFIC_CSV, '-o', 'csv'], 'csv'],
      [['--output=json', ...EXPORT_TRAFFIC_CSV], 'json'],
      [['shield', 'export', SVC, '--dataset', 'traffic', '-o', 'table'], 'table'],
    ] as const) {
      expect({ args, ...(await refctl([...args], { env: env() })) }).toEqual({
        args,
        code: 2,
        stdout: '',
        stderr: refusal(given),
      });
    }
    expect((await server.requests()).length).toBe(before);
  });

  it('lists evidence of a rule like any list: -L, --paginate', async () => {
    const list = await refctl(['shield', 'rules', 'list', SVC, '-o', 'json'], { env: env() });
    const [first] = JSON.parse(list.stdout) as { id: string }[];
    const evidence = ['shield', 'evidence', SVC, first!.id];
    const some = await refctl([...evidence, '-L', '5', '-o', 'json'], { env: env() });
    expect(some.code, some.stderr).toBe(0);
    const samples = JSON.parse(some.stdout) as { observed_at: string }[];
    expect(samples.length).toBeLessThanOrEqual(5);
    const all = await refctl([...evidence, '--paginate', '-o', 'json'], { env: env() });
    expect(all.code, all.stderr).toBe(0);
    expect((JSON.parse(all.stdout) as unknown[]).length).toBeGreaterThanOrEqual(samples.length);
  });

  it('--watch without a terminal prints plain refreshes until interrupted (exit 130)', async () => {
    const { code, stdout, stderr } = await refctlSpawned(
      ['shield', 'traffic', SVC, '--watch', '-o', 'ndjson'],
      {
        env: env(),
        interruptWhen: /^\{.*\n/,
      },
    );
    expect(code).toBe(130);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ telemetry: 'traffic', cache_seconds: 30 });
    expect(stdout).not.toContain('\u001b');
    expect(JSON.parse(stderr)).toEqual({
      error: { message: 'interrupted', code: 'interrupted', exit_code: 130, retriable: true },
    });
  });
});
