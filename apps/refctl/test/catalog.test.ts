import { demoScenario } from '@refapi/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { startServer, type TestServer } from './helpers/test-server';

// The catalog a buyer needs, on the demo data: kvm-s (in stock), kvm-m (out of stock).
let server: TestServer;
const env = () => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: 'refak_demo_eur_full',
  XDG_CONFIG_HOME: tempConfigHome(),
});

beforeAll(async () => {
  server = await startServer(demoScenario);
});
afterAll(() => server.close());

describe('refctl plans', () => {
  it('list shows the stock', async () => {
    const { code, stdout } = await refctl(['plans', 'list', '--type', 'kvm'], { env: env() });
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'PLAN_REF    CODE   NAME   SERVICE_TYPE  PRICE  CURRENCY  IN_STOCK',
        'REF-PLAN-2  kvm-m  KVM M  kvm           11.90  EUR       false',
        'REF-PLAN-1  kvm-s  KVM S  kvm            5.95  EUR       true',
        '',
      ].join('\n'),
    );
  });

  it('get shows the periods, OS images, regions and addons an order may name', async () => {
    const { code, stdout } = await refctl(['plans', 'get', 'kvm-s'], { env: env() });
    expect(code).toBe(0);
    const rows = Object.fromEntries(
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => [line.split(/\s{2,}/)[0], line.replace(/^\S+\s+/, '')]),
    );
    expect(rows).toMatchObject({
      code: 'kvm-s',
      in_stock: 'true',
      periods: 'REF-PERIOD-11 monthly, REF-PERIOD-12 yearly',
      os_images: 'REF-OS-11 debian-13, REF-OS-12 ubuntu-24.04, REF-OS-13 windows-server-2022',
      regions: 'REF-REGION-11 fsn1, REF-REGION-12 ash',
      addons: 'REF-ADDON-11 extra-ipv4, REF-ADDON-12 backup',
    });
    const json = await refctl(['plans', 'get', 'ded-d1', '-o', 'json'], { env: env() });
    expect(JSON.parse(json.stdout)).toMatchObject({
      code: 'ded-d1',
      in_stock: true,
      periods: [{ period_ref: 'REF-PERIOD-41', name: 'monthly' }],
      os_images: [{ os_image_ref: 'REF-OS-41', name: 'debian-13' }],
      regions: [{ region_ref: 'REF-REGION-41', name: 'fsn1' }],
      addons: [],
    });
  });

  it('shows the VAT rate in percent as the quotes do; machine outputs keep the API rate', async () => {
    const get = (...more: string[]) => refctl(['plans', 'get', 'kvm-s', ...more], { env: env() });
    const table = await get();
    expect(table.stdout).toMatch(/^vat_rate {2,}19 %$/m);
    const list = await refctl(['plans', 'list', '--type', 'kvm', '--columns', 'code,vat_rate'], {
      env: env(),
    });
    // Aligned right, as every number column is.
    expect(list.stdout).toBe(
      ['CODE   VAT_RATE', 'kvm-m      19 %', 'kvm-s      19 %', ''].join('\n'),
    );
    expect(JSON.parse((await get('-o', 'json')).stdout)).toMatchObject({ vat_rate: 0.19 });
    expect((await get('-o', 'yaml')).stdout).toMatch(/^vat_rate: 0\.19$/m);
    expect(JSON.parse((await get('-o', 'ndjson')).stdout)).toMatchObject({ vat_rate: 0.19 });
    const csv = (await get('-o', 'csv', '--columns', 'code,vat_rate')).stdout;
    expect(csv).toBe('code,vat_rate\r\nkvm-s,0.19\r\n');
  });

  it('get of an empty plan code: a usage error (exit 2) before any request', async () => {
    const before = (await server.requests()).length;
    const { code, stdout, stderr } = await refctl(['plans', 'get', ''], { env: env() });
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/^error: invalid plan code: [^\n]+\n$/);
    expect((await server.requests()).slice(before)).toEqual([]);
  });

  it('get of a plan not for sale: exit 3', async () => {
    const { code, stderr } = await refctl(['plans', 'get', 'kvm-partner'], { env: env() });
    expect({ code, stderr }).toEqual({
      code: 3,
      stderr:
        'error: plan kvm-partner not found: it is not for sale to this account; see: refctl plans list\n',
    });
  });
});

describe('refctl orders create and the catalog', () => {
  it('shows the quote with its VAT, then refuses an out-of-stock plan before asking (--dry-run too)', async () => {
    for (const dryRun of [[], ['--dry-run']]) {
      const before = (await server.requests()).length;
      const { code, stdout, stderr } = await refctl(
        ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-m', ...dryRun],
        { env: env() },
      );
      expect({ code, stdout, stderr }, dryRun.join(' ')).toEqual({
        code: 1,
        stdout: '',
        stderr: [
          'quote: kvm-m "KVM M", monthly: 10.00 EUR net + 1.90 EUR VAT (19 %) = 11.90 EUR',
          'error: plan kvm-m "KVM M" is out of stock; see: refctl plans list --type kvm',
          '',
        ].join('\n'),
      });
      const sent = (await server.requests()).slice(before);
      expect(sent.map((r) => `${r.method} ${r.path}`)).not.toContain('POST /v1/orders');
    }
  });

  it('refuses an OS image, region or Windows the plan does not offer, before asking or sending', async () => {
    const before = (await server.requests()).length;
    const buy = ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s'];
    for (const [flags, error] of [
      [['--os', 'REF-OS-99'], 'offers no OS image REF-OS-99'],
      [['--os-name', 'nope'], 'offers no OS image named "nope"'],
      [['--region', 'REF-REGION-99'], 'offers no region REF-REGION-99'],
      [['--windows', '--os', 'REF-OS-11'], 'offers no Windows image REF-OS-11 (it is debian-13)'],
    ] as const) {
      for (const mode of ['--dry-run', '--yes']) {
        const run = await refctl([...buy, ...flags, mode], { env: env() });
        expect([flags, mode, run.code, run.stdout, run.stderr.split('\n').at(-2)]).toEqual([
          flags,
          mode,
          1,
          '',
          `error: plan kvm-s ${error}; see: refctl plans get kvm-s`,
        ]);
      }
    }
    const sent = (await server.requests()).slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).not.toContain('POST /v1/orders');
  });

  it('--plan-out writes no plan of an OS image or region the plan does not offer', async () => {
    // Written, it passed every check until `refctl apply` got 422 os_image_not_offered.
    const before = (await server.requests()).length;
    const plan = ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s', '--plan-out', '-'];
    for (const [flags, error] of [
      [['--os', 'REF-OS-99'], 'os_image_not_offered: offers no OS image REF-OS-99'],
      [['--region', 'REF-REGION-99'], 'region_not_offered: offers no region REF-REGION-99'],
    ] as const) {
      const run = await refctl([...plan, ...flags], { env: env() });
      expect([flags, run.code, run.stdout, run.stderr]).toEqual([
        flags,
        1,
        '',
        `error: plan kvm-s cannot take this order (${error}); nothing was sent\n`,
      ]);
    }
    const sent = (await server.requests()).slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).not.toContain('POST /v1/orders');
  });

  it('buys a plan in stock with the refs `plans get` lists', async () => {
    const { code, stderr } = await refctl(
      [
        'orders',
        'create',
        '--type',
        'kvm',
        '--plan',
        'kvm-s',
        '--period',
        'REF-PERIOD-12',
        '--os',
        'REF-OS-12',
        '--region',
        'REF-REGION-12',
        '--addon',
        'REF-ADDON-12=1',
        '--yes',
        '-o',
        'json',
      ],
      { env: env() },
    );
    expect(code).toBe(0);
    // The yearly price with 12 months of the addon, not the monthly 5.95; then what was charged.
    expect(stderr).toMatch(
      /^quote: kvm-s "KVM S", yearly: plan 50\.00 \+ addon backup × 1 30\.00 = 80\.00 EUR net \+ 15\.20 EUR VAT \(19 %\) = 95\.20 EUR\ncharged: 95\.20 EUR \(order REF-ORD-\w+\)\n$/,
    );
  });
});
