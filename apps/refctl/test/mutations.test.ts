import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Output tests: each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

let server: TestServer;
const env = () => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: KEYS.full,
  XDG_CONFIG_HOME: tempConfigHome(),
});
const BUY = [
  'orders',
  'create',
  '--type',
  'kvm',
  '--plan',
  'kvm-s',
  '--period',
  'REF-PERIOD-1',
  '--os',
  'REF-OS-1',
];

beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

describe('refctl orders create', () => {
  it('--dry-run validates and prints the request without sending it (no key needed)', async () => {
    const before = (await server.requests()).length;
    const { code, stdout, stderr } = await refctl(
      [...BUY, '--addon', 'REF-ADDON-1=2', '--idempotency-key', 'try-1', '--dry-run', '-o', 'json'],
      { env: { REF_BASE_URL: server.baseUrl, XDG_CONFIG_HOME: tempConfigHome() } },
    );
    expect(code).toBe(0);
    expect(stderr).toBe('quote: none without an API key (the catalog is read with it)\n');
    expect(JSON.parse(stdout)).toEqual({
      method: 'POST',
      url: `${server.baseUrl}/orders`,
      idempotency_key: 'try-1',
      body: {
        type: 'kvm',
        plan_code: 'kvm-s',
        period_ref: 'REF-PERIOD-1',
        os_image_ref: 'REF-OS-1',
        addons: [{ addon_ref: 'REF-ADDON-1', units: 2 }],
      },
    });
    expect((await server.requests()).length).toBe(before);
  });

  it('--dry-run with a key adds the quote priced from the catalog, and buys nothing', async () => {
    const before = await server.requests();
    const { code, stdout, stderr } = await refctl(
      [...BUY, '--addon', 'REF-ADDON-1=2', '--dry-run', '-o', 'json'],
      { env: env() },
    );
    expect(code).toBe(0);
    // 5.00 + 1.00 × 2 = 7.00 net, 19 % VAT 1.33.
    expect(stderr).toBe(
      'quote: kvm-s "KVM S", monthly: plan 5.00 + addon extra-ipv4 × 2 2.00 = 7.00 EUR net + 1.33 EUR VAT (19 %) = 8.33 EUR\n',
    );
    expect(JSON.parse(stdout).quote).toMatchObject({
      currency: 'EUR',
      net_cents: 700,
      vat_cents: 133,
      total_cents: 833,
    });
    const sent = (await server.requests()).slice(before.length);
    expect(sent.map((r) => `${r.method} ${r.path}`)).not.toContain('POST /v1/orders');
  });

  it('--dry-run as a table writes the quote as money, as the confirmation does, under the JSON paths', async () => {
    const { code, stdout } = await refctl([...BUY, '--addon', 'REF-ADDON-1=2', '--dry-run'], {
      env: env(),
    });
    expect(code).toBe(0);
    const quote = stdout.split('\n').filter((line) => line.startsWith('quote.'));
    expect(quote.map((line) => line.split(/ {2,}/))).toEqual([
      ['quote.period', 'monthly (1 month)'],
      ['quote.lines', 'plan kvm-s (monthly) 5.00 EUR + addon extra-ipv4 × 2 2.00 EUR'],
      ['quote.net_cents', '7.00 EUR'],
      ['quote.vat_rate', '19 %'],
      ['quote.vat_cents', '1.33 EUR'],
      ['quote.total_cents', '8.33 EUR'],
    ]);
  });

  it('rejects invalid flags by name before sending', async () => {
    const { code, stderr } = await refctl([...BUY, '--region', 'eu-1', '--yes'], { env: env() });
    expect(code).toBe(2);
    expect(stderr).toBe(
      'error: invalid --region: expected a region reference like REF-REGION-11\n',
    );
  });

  it('shows the quote, buys with --yes, and replays with the same idempotency key', async () => {
    const args = [...BUY, '--yes', '--idempotency-key', 'buy-vm-2', '-o', 'json'];
    const first = await refctl(args, { env: env() });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(
      /^quote: kvm-s "KVM S", monthly: 5\.00 EUR net \+ 0\.95 EUR VAT \(19 %\) = 5\.95 EUR\ncharged: 5\.95 EUR \(order REF-ORD-\w+\)\n$/,
    );
    const bought = JSON.parse(first.stdout) as {
      service_ref: string;
      balance: { amount: number };
      idempotent_replayed: boolean;
    };
    expect(bought).toMatchObject({
      balance: { amount: 6.55, currency: 'EUR' },
      idempotent_replayed: false,
    });

    const again = await refctl(args, { env: env() });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      service_ref: bought.service_ref,
      idempotent_replayed: true,
    });
    expect(again.stderr).toContain(
      'replayed: this idempotency key already completed; nothing new was bought',
    );

    const orders = await refctl(['orders', 'list', '-o', 'json'], { env: env() });
    expect(
      (JSON.parse(orders.stdout) as { service_ref?: string }[]).filter(
        (o) => o.service_ref === bought.service_ref,
      ),
    ).toHaveLength(1);
  });

  it('says a refusal replayed to --idempotency-key needs a new key', async () => {
    const args = [...BUY, '--yes', '--idempotency-key', 'short-of-money'];
    // This account's balance is 0: the order is refused, and the refusal stored under the key.
    const first = await refctl(args, { env: { ...env(), REF_API_KEY: KEYS.noShield } });
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('(422 insufficient_balance)');
    expect(first.stderr).not.toContain('replayed');
    const again = await refctl(args, { env: { ...env(), REF_API_KEY: KEYS.noShield } });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /\(422 insufficient_balance\).* \(replayed: the answer stored for this idempotency key, which it gets again whatever changed since; a new key sends the request again\)\n$/,
    );
  });

  it('a plan that is not for sale: exit 3 before buying', async () => {
    const { code, stderr } = await refctl(
      ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-xxl', '--yes'],
      { env: env() },
    );
    expect({ code, stderr }).toEqual({
      code: 3,
      stderr: 'error: plan "kvm-xxl" is not for sale as kvm; see: refctl plans list --type kvm\n',
    });
  });
});

describe('refctl services mutations', () => {
  it('auto-renew on, then again (unchanged)', async () => {
    const on = await refctl(['services', 'auto-renew', 'REF-SVC-A1', 'on', '-o', 'json'], {
      env: env(),
    });
    expect(JSON.parse(on.stdout)).toMatchObject({
      service_ref: 'REF-SVC-A1',
      auto_renew: true,
      changed: true,
    });
    const again = await refctl(
      ['services', 'auto-renew', 'REF-SVC-A1', 'on', '--columns', 'auto_renew,changed'],
      {
        env: env(),
      },
    );
    expect(again.stdout).toBe('auto_renew  true\nchanged     false\n');
  });

  it('power start needs no confirmation; stop with --yes', async () => {
    const start = await refctl(['services', 'power', 'REF-SVC-A1', 'start', '-o', 'json'], {
      env: env(),
    });
    expect(start.code).toBe(0);
    expect(JSON.parse(start.stdout)).toMatchObject({
      service_ref: 'REF-SVC-A1',
      action: 'start',
      accepted: true,
    });
    const stop = await refctl(
      [
        'services',
        'power',
        'REF-SVC-A1',
        'stop',
        '--yes',
        '-o',
        'csv',
        '--columns',
        'action,accepted',
      ],
      {
        env: env(),
      },
    );
    expect(stop).toMatchObject({ code: 0, stdout: 'action,accepted\r\nstop,true\r\n' });
  });

  it('says on stderr when a power action was replayed under its --idempotency-key', async () => {
    const args = ['services', 'power', 'REF-SVC-A1', 'reboot', '--yes', '-o', 'json'];
    const keyed = [...args, '--idempotency-key', 'reboot-once'];
    const first = await refctl(keyed, { env: env() });
    expect([first.code, first.stderr]).toEqual([0, '']);
    const again = await refctl(keyed, { env: env() });
    expect(again).toMatchObject({ code: 0, stdout: first.stdout });
    expect(again.stderr).toBe(
      'replayed: this idempotency key already completed; nothing was done again\n',
    );
    // A new key (one per call by default) sends it again.
    expect((await refctl(args, { env: env() })).stderr).toBe('');
  });
});
