import { scenario as build } from '@refapi/server/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasScript, KEY, onTerminal, type Terminal } from './helpers/pty';
import { refctlInProcess } from './helpers/run-in-process';
import { refctl, tempConfigHome } from './helpers/run-refctl';
import { startServer, type TestServer } from './helpers/test-server';

// The terminal side of refctl: prompts for missing input on a terminal and one line off it,
// cancelling, interrupting a wait, colours and the watch's server time. The server clock is
// frozen (and moved only through the admin API): times printed can only be the server's.
// Runs off a terminal that only print run in process; signals and terminals need the bin.
const KEY_FULL = 'refak_e2e_tty_0001';
const scenario = build()
  .now('2026-01-01T00:00:00.000Z', { frozen: true })
  .plan({ name: 'KVM S' })
  .plan({ code: 'kvm-m', name: 'KVM M', price_eur: 10, stock: 0 })
  .account({ accountRef: 'REF-ACCT-E7', balance: 100, vatRate: 0.19 })
  .withShield('active')
  .key(['*'], { token: KEY_FULL })
  .withKvm({ serviceRef: 'REF-SVC-E7', name: 'vm-1', ip: '203.0.113.30' })
  .build();

let server: TestServer;
const env = () => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: KEY_FULL,
  XDG_CONFIG_HOME: tempConfigHome(),
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ordersSent = async () =>
  (await server.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/orders'));

beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

describe('missing required flags off a terminal', () => {
  it('orders create: one line naming every missing flag, exit 2, nothing sent', async () => {
    const before = (await server.requests()).length;
    expect(await refctlInProcess(['orders', 'create'], { env: env() })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: missing required flags: --type, --plan (or run on a terminal to be asked)\n',
    });
    expect((await server.requests()).length).toBe(before);
  });

  it('shield rules add: names the missing ones of its five', async () => {
    const { code, stderr } = await refctlInProcess(
      ['shield', 'rules', 'add', 'REF-SVC-E7', '--mode', 'observe'],
      { env: env() },
    );
    expect(code).toBe(2);
    expect(stderr).toBe(
      'error: missing required flags: --name, --action, --risk, --protocol (or run on a terminal to be asked)\n',
    );
  });
});

/** Waits for `pattern` on the terminal, then gives ink a moment to listen before typing. */
async function answer(terminal: Terminal, pattern: RegExp, keys: string, from = 0) {
  await terminal.waitFor(pattern, from);
  await sleep(150);
  terminal.type(keys);
}

/**
 * Answers the optional period, OS image and region prompts that follow the plan (if the
 * server sends the plan's lists) with Enter, the server's default, until the quote shows.
 */
async function skipOptional(terminal: Terminal) {
  const optional = /\? (Billing period|OS image|Region)|quote:/;
  let from = terminal.text().lastIndexOf('✔ Plan');
  for (;;) {
    await terminal.waitFor(optional, from);
    const prompt = optional.exec(terminal.text().slice(from))!;
    if (prompt[0] === 'quote:') return;
    await sleep(150);
    terminal.type(KEY.enter);
    await terminal.waitFor(new RegExp(`✔ ${prompt[1]}`), from);
    from = terminal.text().lastIndexOf(`✔ ${prompt[1]}`);
  }
}

describe.runIf(hasScript)('on a terminal', () => {
  it('orders create asks the type and the plan (price with VAT, stock), then the quote; n cancels (exit 8)', async () => {
    const terminal = onTerminal(['orders', 'create'], env());
    await answer(terminal, /Service type/, KEY.enter);
    await terminal.waitFor(/Plan \(kvm\)/);
    await terminal.waitFor(/kvm-m +KVM M · 11\.90 EUR incl\. 19% VAT · out of stock/);
    expect(terminal.text()).toMatch(
      /❯ kvm-s +KVM S · 5\.95 EUR incl\. 19% VAT · 100 in stock|❯ kvm-s +KVM S · 5\.95 EUR incl\. 19% VAT · in stock/,
    );
    await sleep(150);
    terminal.type(KEY.enter);
    await terminal.waitFor(/✔ Plan \(kvm\) kvm-s/);
    // Each period with what it costs, VAT included, by the server's own price rule.
    await terminal.waitFor(/monthly +REF-PERIOD-1 · 1 month · 5\.95 EUR incl\. VAT/);
    await skipOptional(terminal);
    await answer(
      terminal,
      /Buy kvm-s \(monthly\) for 5\.95 EUR from the balance\? \[y\/N\]/,
      'n\r',
    );
    expect(await terminal.exit).toBe(8);
    expect(terminal.text()).toMatch(/\ncancelled; nothing was ordered\n/);
    expect(terminal.text()).not.toContain('error:');
    expect(await ordersSent()).toEqual([]);
  });

  it('the answers buy what was picked when confirmed', async () => {
    const terminal = onTerminal(['orders', 'create', '--type', 'kvm', '-o', 'json'], env());
    await answer(terminal, /Plan \(kvm\)/, KEY.enter);
    await terminal.waitFor(/✔ Plan \(kvm\) kvm-s/);
    await skipOptional(terminal);
    await answer(terminal, /\[y\/N\]/, 'y\r');
    expect(await terminal.exit).toBe(0);
    expect(terminal.text()).toMatch(/"service_ref": "REF-SVC-/);
    const [order] = await ordersSent();
    expect(order!.status).toBeLessThan(300);
  });

  it.each([
    ['Esc at the plan list', 8, KEY.esc],
    ['Ctrl-C at the plan list', 130, KEY.ctrlC],
  ])('%s: "cancelled; nothing was ordered", no error (exit %i)', async (_, code, key) => {
    const before = (await ordersSent()).length;
    const terminal = onTerminal(['orders', 'create', '--type', 'kvm'], env());
    await answer(terminal, /Plan \(kvm\)/, key);
    expect(await terminal.exit).toBe(code);
    expect(terminal.text()).toMatch(/cancelled; nothing was ordered\n$/);
    expect(terminal.text()).not.toContain('error:');
    expect((await ordersSent()).length).toBe(before);
  });

  it('shield rules add asks for its missing fields, then queues the rule', async () => {
    const terminal = onTerminal(
      ['shield', 'rules', 'add', 'REF-SVC-E7', '--protocol', 'tcp', '--destination-port', '443'],
      env(),
    );
    await answer(terminal, /\? --name \(A name for the rule\)/, 'web');
    await sleep(100);
    terminal.type(KEY.enter);
    await answer(
      terminal,
      /\? --mode \(observe: only watch matching traffic; enforce: apply the action to it\)/,
      KEY.down,
    );
    await sleep(100);
    terminal.type(KEY.enter);
    await answer(terminal, /\? --action/, KEY.enter);
    await answer(terminal, /\? --risk/, KEY.enter);
    expect(await terminal.exit).toBe(0);
    expect(terminal.text()).toContain('✔ --name web');
    expect(terminal.text()).toContain(
      '✔ --mode (observe: only watch matching traffic; enforce: apply the action to it) enforce',
    );
    expect(terminal.text()).toMatch(/\nrule\.state +queued/);
  });

  it('rules delete --wait after the confirmation leaves no spinner frame behind', async () => {
    const added = await refctlInProcess(
      ['shield', 'rules', 'add', 'REF-SVC-E7', '--name', 'gone', '--mode', 'observe'].concat(
        ['--action', 'pass', '--risk', 'low', '--protocol', 'tcp', '--destination-port', '22'],
        ['-o', 'json'],
      ),
      { env: env() },
    );
    const { rule } = JSON.parse(added.stdout) as { rule: { id: string } };
    await server.admin('POST', 'clock', { advance_seconds: 60 });
    const terminal = onTerminal(
      ['shield', 'rules', 'delete', 'REF-SVC-E7', rule.id, '--wait', '--timeout', '15s'],
      env(),
    );
    await answer(terminal, /\[y\/N\]/, 'y\r');
    await terminal.waitFor(/waiting for rule/);
    await server.admin('POST', 'clock', { advance_seconds: 60 });
    expect(await terminal.exit).toBe(0);
    const output = terminal.output();
    const done = output.indexOf(`rule ${rule.id} is `);
    const lastFrame = output.lastIndexOf('waiting for rule', done);
    expect(done).toBeGreaterThan(lastFrame);
    // The last frame drawn is erased before the success line.
    expect(output.slice(lastFrame, done)).toContain('\u001b[2K');
    expect(output.slice(lastFrame, done).lastIndexOf('waiting')).toBe(0);
  });

  it('colours states in tables, unless NO_COLOR; never in CSV', async () => {
    const green = '\u001b[32mactive';
    const colored = onTerminal(['services', 'list'], env());
    expect(await colored.exit).toBe(0);
    expect(colored.output()).toContain(green);
    const noColor = onTerminal(['services', 'list'], { ...env(), NO_COLOR: '1' });
    expect(await noColor.exit).toBe(0);
    expect(noColor.output()).not.toContain('\u001b[32m');
    const csv = onTerminal(['services', 'list', '-o', 'csv'], env());
    expect(await csv.exit).toBe(0);
    expect(csv.output()).toContain('active');
    expect(csv.output()).not.toContain('\u001b[3');
  });

  it("the traffic chart's updated time is the server's", async () => {
    // Moved through the admin API (and held there): the server states it in its `Date`.
    await server.admin('POST', 'clock', { now: '2026-01-02T09:08:07.000Z', frozen: true });
    try {
      const terminal = onTerminal(['shield', 'traffic', 'REF-SVC-E7', '--watch'], env());
      await answer(terminal, /q to quit/, 'q');
      expect(await terminal.exit).toBe(0);
      expect(terminal.text()).toContain('updated 09:08:07 UTC');
    } finally {
      await server.admin('POST', 'clock', { frozen: false });
    }
  });
});

describe('off a terminal', () => {
  it('tables are never coloured', async () => {
    const { code, stdout } = await refctlInProcess(['services', 'list'], { env: env() });
    expect(code).toBe(0);
    expect(stdout).toContain('active');
    expect(stdout).not.toContain('\u001b[');
  });

  it("--watch prints the server's time of each refresh", async () => {
    await server.admin('POST', 'clock', { now: '2026-01-03T10:11:12.000Z', frozen: true });
    try {
      const { code, stderr } = await refctl(['shield', 'traffic', 'REF-SVC-E7', '--watch'], {
        env: env(),
        interruptWhen: /^updated .*\n/,
      });
      expect(code).toBe(130);
      expect(stderr).toMatch(/^updated 10:11:12 UTC \(server time\)\n/);
    } finally {
      await server.admin('POST', 'clock', { frozen: false });
    }
  });

  it('SIGTERM during rules add --wait says the same and exits 143 (128 + 15), -o json too', async () => {
    const { code, stdout, stderr } = await refctl(
      ['shield', 'rules', 'add', 'REF-SVC-E7', '--name', 'slow-term', '--mode', 'observe'].concat(
        ['--action', 'pass', '--risk', 'low', '--protocol', 'tcp', '--destination-port', '26'],
        ['--wait', '-o', 'json'],
      ),
      { env: env(), interruptWhen: /waiting for rule .*\n/, interruptWith: 'SIGTERM' },
    );
    expect(code).toBe(143);
    expect(stdout).toBe('');
    const error = JSON.parse(stderr.trimEnd().split('\n').at(-1)!) as {
      error: { message: string; exit_code: number };
    };
    expect(error.error.exit_code).toBe(143);
    expect(error.error.message).toMatch(
      /^interrupted while waiting for rule [0-9a-f-]{36} to be active \(last seen: queued\); the change goes on at the server: refctl shield rules list REF-SVC-E7$/,
    );
  });

  it('Ctrl-C during rules add --wait prints the rule id and how to follow it (exit 130)', async () => {
    const { code, stdout, stderr } = await refctl(
      ['shield', 'rules', 'add', 'REF-SVC-E7', '--name', 'slow', '--mode', 'observe'].concat(
        ['--action', 'pass', '--risk', 'low', '--protocol', 'tcp', '--destination-port', '25'],
        ['--wait'],
      ),
      { env: env(), interruptWhen: /waiting for rule .*\n/ },
    );
    expect(code).toBe(130);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /\nerror: interrupted while waiting for rule [0-9a-f-]{36} to be active \(last seen: queued\); the change goes on at the server: refctl shield rules list REF-SVC-E7\n$/,
    );
  });
});
