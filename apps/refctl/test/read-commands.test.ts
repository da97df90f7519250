import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Output tests: each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { ADA, KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

let server: TestServer;
const env = (key: string = KEYS.full) => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: key,
  XDG_CONFIG_HOME: tempConfigHome(),
});

beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

describe('refctl me', () => {
  it('prints a field/value table', async () => {
    const { code, stdout, stderr } = await refctl(['me'], { env: env() });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(
      [
        'account_ref       REF-ACCT-A1',
        'email             ada@example.test',
        'first_name        Ada',
        'last_name         Lovelace',
        'country_code      DE',
        'account_currency  EUR',
        'preferred_locale  en-GB',
        'status            active',
        '',
      ].join('\n'),
    );
  });

  it('prints exactly the API object as JSON', async () => {
    const { code, stdout } = await refctl(['me', '-o', 'json'], { env: env() });
    expect(code).toBe(0);
    // Ada's fields in the contract's order, exactly: nothing added, nothing reordered.
    expect(stdout).toBe(`${JSON.stringify(ADA, null, 2)}\n`);
    expect(ADA).toMatchObject({
      account_ref: 'REF-ACCT-A1',
      first_name: 'Ada',
      country_code: 'DE',
    });
  });
});

describe('refctl balance', () => {
  it('adds the display conversion and prints money with two decimals', async () => {
    const { code, stdout } = await refctl(['balance', '--display-currency', 'USD'], { env: env() });
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'amount            12.50',
        'currency          EUR',
        'account_currency  EUR',
        'as_of             2026-01-01T00:00:00.000Z',
        'display.amount    13.50',
        'display.currency  USD',
        'display.rate      1.08',
        'display.as_of     2026-01-01T00:00:00.000Z',
        '',
      ].join('\n'),
    );
  });

  it('selects columns as CSV', async () => {
    const { stdout } = await refctl(['balance', '-o', 'csv', '--columns', 'amount,currency'], {
      env: env(),
    });
    expect(stdout).toBe('amount,currency\r\n12.50,EUR\r\n');
  });
});

describe('refctl invoices list', () => {
  it('prints a table, newest first', async () => {
    const { code, stdout } = await refctl(['invoices', 'list'], { env: env() });
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'INVOICE_REF  ISSUE_DATE                KIND             STATUS  AMOUNT  CURRENCY',
        'REF-INV-A2   2025-12-01T00:00:00.000Z  service_renewal  paid      5.95  EUR',
        'REF-INV-A1   2025-11-01T00:00:00.000Z  top_up           paid     20.00  EUR',
        '',
      ].join('\n'),
    );
  });

  it('honours --columns and --no-headers', async () => {
    const { stdout } = await refctl(
      ['invoices', 'list', '--columns', 'invoice_ref,vat_amount', '--no-headers'],
      {
        env: env(),
      },
    );
    expect(stdout).toBe('REF-INV-A2  0.95\nREF-INV-A1  0.00\n');
  });

  it('refuses --no-headers with an output that has no header row, before any request', async () => {
    const before = (await server.requests()).length;
    for (const [output, named] of [
      [['-o', 'json'], '-o json'],
      [['-o', 'yaml'], '-o yaml'],
      [['--output', 'ndjson'], '-o ndjson'],
      [['--jq', '.[0]'], '--jq'],
      [['--json', 'invoice_ref'], '--json'],
    ] as const) {
      const result = await refctl(['invoices', 'list', '--no-headers', ...output], { env: env() });
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: --no-headers does not apply to ${named}: it drops the header row of tables and CSV\n`,
      });
    }
    expect((await server.requests()).length).toBe(before);
    // CSV has a header row to drop.
    const csv = await refctl(
      ['invoices', 'list', '-o', 'csv', '--columns', 'invoice_ref', '--no-headers'],
      { env: env() },
    );
    expect(csv).toEqual({ code: 0, stdout: 'REF-INV-A2\r\nREF-INV-A1\r\n', stderr: '' });
  });

  it('prints CSV with a formula-safe description', async () => {
    const { stdout } = await refctl(
      ['invoices', 'list', '-o', 'csv', '--columns', 'invoice_ref,amount,description'],
      {
        env: env(),
      },
    );
    expect(stdout).toBe(
      'invoice_ref,amount,description\r\nREF-INV-A2,5.95,"\'=HYPERLINK(""x"") renewal, vm-1"\r\nREF-INV-A1,20.00,Balance top-up\r\n',
    );
  });

  it('prints the invoices as a JSON array of API objects', async () => {
    const { stdout } = await refctl(['invoices', 'list', '-o', 'json'], { env: env() });
    const invoices = JSON.parse(stdout) as { invoice_ref: string; amount: number }[];
    expect(invoices.map((i) => [i.invoice_ref, i.amount])).toEqual([
      ['REF-INV-A2', 5.95],
      ['REF-INV-A1', 20],
    ]);
    expect(Object.keys(invoices[0]!)).toContain('customer_payable');
  });

  it('streams all 230 invoices across pages with --paginate', async () => {
    const { code, stdout, stderr } = await refctl(
      ['invoices', 'list', '--paginate', '-o', 'ndjson'],
      { env: env(KEYS.many) },
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const refs = stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { invoice_ref: string }).invoice_ref);
    expect(refs).toHaveLength(230);
    expect(new Set(refs).size).toBe(230);
    const numbers = refs.map((r) => Number.parseInt(r.replace('REF-INV-', ''), 16));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('stops after --limit items even across pages', async () => {
    const { stdout } = await refctl(['invoices', 'list', '--limit', '120', '-o', 'json'], {
      env: env(KEYS.many),
    });
    expect(JSON.parse(stdout)).toHaveLength(120);
  });

  it('prints one default page without --paginate', async () => {
    const { stdout } = await refctl(['invoices', 'list', '--no-headers'], { env: env(KEYS.many) });
    expect(stdout.trimEnd().split('\n')).toHaveLength(50);
  });
});

describe('other lists and reads', () => {
  it('lists services with filters', async () => {
    const { stdout } = await refctl(['services', 'list', '--type', 'kvm'], { env: env() });
    expect(stdout).toBe(
      [
        'SERVICE_REF  NAME  TYPE  STATUS  SERVICE_PLAN_NAME  PRIMARY_IP    AUTO_RENEW  EXPIRES_AT',
        'REF-SVC-A1   vm-1  kvm   active  KVM S              203.0.113.10  false       -',
        '',
      ].join('\n'),
    );
  });

  it('counts services', async () => {
    const { stdout } = await refctl(['services', 'stats', '-o', 'yaml'], { env: env() });
    expect(stdout).toBe(
      [
        'total: 2',
        'active: 2',
        'by_type:',
        '  kvm: 1',
        '  storage_box: 1',
        'by_status:',
        '  active: 2',
        'server_time: 2026-01-01T00:00:00.000Z',
        '',
      ].join('\n'),
    );
  });

  it('shows one service', async () => {
    const { stdout } = await refctl(['services', 'get', 'REF-SVC-A1', '-o', 'json'], {
      env: env(),
    });
    expect(JSON.parse(stdout)).toMatchObject({
      service_ref: 'REF-SVC-A1',
      name: 'vm-1',
      type: 'kvm',
    });
  });

  it('lists plans with the account price and the stock', async () => {
    const { stdout } = await refctl(['plans', 'list', '--type', 'kvm'], { env: env() });
    expect(stdout.split('\n')[0]).toBe(
      'PLAN_REF    CODE   NAME   SERVICE_TYPE  PRICE  CURRENCY  IN_STOCK',
    );
    expect(stdout.split('\n')[1]).toMatch(
      /^REF-PLAN-1 {2}kvm-s {2}KVM S {2}kvm +\d+\.\d\d {2}EUR {7}true$/,
    );
  });

  it('refuses a plan column every object inherits, in a table and in CSV', async () => {
    for (const output of [[], ['-o', 'csv']]) {
      const result = await refctl(
        ['plans', 'list', '--columns', 'constructor,toString,code', ...output],
        { env: env() },
      );
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toMatch(/^error: unknown column "constructor"; available: price, /);
    }
  });

  it('lists orders and transactions (empty lists print only the header)', async () => {
    const orders = await refctl(['orders', 'list'], { env: env(KEYS.noShield) });
    expect(orders.stdout).toBe(
      'ORDER_REF  CREATED_AT  ORDER_TYPE  STATUS  AMOUNT  CURRENCY  SERVICE_REF\n',
    );
    const transactions = await refctl(['transactions', 'list', '-o', 'json'], {
      env: env(KEYS.noShield),
    });
    expect(JSON.parse(transactions.stdout)).toEqual([]);
  });
});
