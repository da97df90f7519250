import { once } from 'node:events';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../transport/node/reference-server';
import { driftReport, formatDriftReport } from './drift';
import { startRecorder } from './record-proxy';
import { RecordingCliExit, runRecordingCommand } from './recording-cli';
import { exchangesOf, freshFiles, recordMeAndBalance } from './recording-test-kit';

// The adversarial rows of the reference-server spec, section 9: credentials by value, the
// recorder under pressure, and recordings written to break their readers.

const fresh = freshFiles('ref-hostile-');

const TOKEN = 'refak_demo_eur_full';
const ESC = String.fromCharCode(0x1b);
const BEL = String.fromCharCode(0x07);

/** An upstream of our own: `handler` answers; it counts the requests it holds at once. */
async function upstreamWith(
  handler: (
    req: import('node:http').IncomingMessage,
    res: import('node:http').ServerResponse,
  ) => void,
) {
  let open = 0;
  let most = 0;
  const server: Server = createServer((req, res) => {
    open++;
    most = Math.max(most, open);
    res.once('close', () => open--);
    handler(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/v1`,
    most: () => most,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A request with any Host header (fetch sets its own). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('credentials in a recording', () => {
  it('replaces every credential of the session by value, wherever it appears; the file is 0600', async () => {
    const upstream = await upstreamWith((req, res) => {
      // An upstream that echoes what it got: in a Location, a header and the body.
      res.writeHead(201, {
        'content-type': 'application/json',
        location: `https://api.example.test/v1/x?echo=${encodeURIComponent(String(req.headers['x-custom']))}`,
        'x-seen-sig': new URL(req.url ?? '/', 'http://x').searchParams.get('sig') ?? '',
      });
      res.end(
        JSON.stringify({ echoed: req.headers.authorization, custom: req.headers['x-custom'] }),
      );
    });
    const file = fresh('credentials.jsonl');
    const recorder = await startRecorder({ upstream: upstream.base, port: 0, out: file });
    const response = await fetch(
      `${recorder.baseUrl}/me?sig=s3cr3t-signature-value&code=one-time-code-1234`,
      {
        headers: { authorization: `Bearer ${TOKEN}`, 'x-custom': `Bearer ${TOKEN}` },
      },
    );
    expect(response.status).toBe(201);
    await response.text();
    await recorder.close();
    await upstream.close();
    const text = readFileSync(file, 'utf8');
    // The key the client sent as its bearer token, under any other name, as is or encoded.
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(encodeURIComponent(TOKEN));
    const [exchange] = await exchangesOf(file);
    expect(exchange?.request.headers['x-custom']).toMatch(/\[redacted\]$/);
    expect(exchange?.response.headers.location).toContain('[redacted]');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('the recorder under pressure', () => {
  it('forwards at most --max-exchanges at once; a stop cuts what hangs after its grace', async () => {
    const upstream = await upstreamWith(() => {}); // never answers
    const file = fresh('hanging.jsonl');
    const recorder = await startRecorder({
      upstream: upstream.base,
      port: 0,
      out: file,
      maxExchanges: 2,
    });
    const calls = Array.from({ length: 5 }, () =>
      fetch(`${recorder.baseUrl}/me`, { headers: { authorization: `Bearer ${TOKEN}` } }).then(
        (r) => r.status,
        () => 'broken',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(upstream.most()).toBe(2);
    const started = performance.now();
    await recorder.close({ graceMs: 200 });
    expect(performance.now() - started).toBeLessThan(3_000);
    const statuses = await Promise.all(calls);
    // The two under way were cut; the three waiting were turned away, never forwarded.
    expect(statuses.filter((s) => s === 'broken')).toHaveLength(2);
    expect(statuses.filter((s) => s === 503)).toHaveLength(3);
    const exchanges = await exchangesOf(file);
    expect(exchanges.map((e) => [e.cut, e.status])).toEqual([
      [true, 0],
      [true, 0],
    ]);
    expect(upstream.most()).toBe(2);
    await upstream.close();
    // drift sets cut exchanges apart, with the reason.
    const report = await driftReport(file);
    expect(report.unverifiable).toHaveLength(2);
    expect(report.unverifiable[0]?.reason).toMatch(/recorder stopped/);
  });

  it('refuses a request naming another Host, forwarding nothing', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('{}'));
    const recorder = await startRecorder({
      upstream: upstream.base,
      port: 0,
      out: fresh('host.jsonl'),
    });
    const refused = await rawGet(`${recorder.baseUrl}/me`, { host: 'evil.example' });
    expect(refused).toEqual({ status: 403, body: '{"error":"host_not_allowed"}' });
    expect(upstream.most()).toBe(0);
    expect((await rawGet(`${recorder.baseUrl}/me`, { host: 'localhost:1' })).status).toBe(200);
    await recorder.close();
    await upstream.close();
  });

  it('reads an absolute-form target as its path and query, as the reference server does', async () => {
    const upstream = await upstreamWith((req, res) => res.end(JSON.stringify({ url: req.url })));
    const file = fresh('absolute.jsonl');
    const recorder = await startRecorder({ upstream: upstream.base, port: 0, out: file });
    const { port } = new URL(recorder.baseUrl);
    // `GET http://elsewhere.example/v1/me?limit=2`: the Host header names the server.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: 'http://elsewhere.example/v1/me?limit=2',
          headers: { host: `localhost:${port}` },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ url: '/v1/me?limit=2' }) });
    await recorder.close();
    await upstream.close();
    const [exchange] = await exchangesOf(file);
    expect(exchange).toMatchObject({ path: '/v1/me', query: 'limit=2', status: 200 });
  });
});

/** A recorded request or answer holding `body` whole. */
const message = (body: string | null) => ({
  headers: { 'content-type': 'application/json' },
  body,
  body_encoding: 'utf8',
  body_bytes: body?.length ?? 0,
  body_truncated: false,
});

/** One recorded exchange line, as the recorder writes them, with `patch` applied. */
function line(seq: number, patch: Record<string, unknown> = {}): string {
  return JSON.stringify({
    v: 1,
    seq,
    time: '2026-01-01T00:00:00.000Z',
    method: 'GET',
    path: '/v1/me',
    query: '',
    operation: 'getAccount',
    status: 200,
    duration_ms: 1,
    request: { ...message(null), headers: { authorization: '[redacted]' } },
    response: message(
      JSON.stringify({
        account_ref: 'REF-ACCT-1',
        email: 'ada@example.test',
        first_name: 'Ada\u001b]0;owned\u0007',
        last_name: 'Lovelace',
        country_code: 'DE',
        account_currency: 'EUR',
        preferred_locale: 'en-GB',
        status: 'active',
      }),
    ),
    ...patch,
  });
}

describe('a hostile recording', () => {
  it('is read whole: bad lines skipped by number, unreplayable exchanges set apart, nothing obeyed', async () => {
    const file = fresh('hostile.jsonl');
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    const bomb = gzipSync(Buffer.from(JSON.stringify({ padding: 'x'.repeat(13 * 1024 * 1024) })));
    writeFileSync(
      file,
      [
        line(1),
        'not json at all',
        deep,
        line(4, { method: 'TRACE', operation: null }),
        line(5, {
          request: {
            headers: { 'x-note': 'a\r\nInjected: 1' },
            body: null,
            body_encoding: 'utf8',
            body_bytes: 0,
            body_truncated: false,
          },
        }),
        line(6, {
          path: '/v1/balance',
          operation: 'getBalance',
          response: {
            headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
            body: bomb.toString('base64'),
            body_encoding: 'base64',
            body_bytes: bomb.length,
            body_truncated: false,
          },
        }),
        line(7, {
          response: {
            headers: {},
            body: '{"constructor":"\\u001b]0;owned\\u0007","__proto__":{"x":1}}',
            body_encoding: 'utf8',
            body_bytes: 37,
            body_truncated: false,
          },
        }),
        '',
      ].join('\n'),
    );
    const report = await driftReport(file);
    expect(report.skipped_lines).toEqual([
      { line: 2, reason: 'not a JSON line' },
      { line: 3, reason: 'JSON nested deeper than 256' },
    ]);
    expect(report.unverifiable.map((u) => u.seq)).toEqual([4, 5, 6]);
    expect(report.unverifiable[0]?.reason).toMatch(/no HTTP client can send it again/);
    expect(report.unverifiable[2]?.reason).toMatch(/compressed past 1 MiB/);
    // The `constructor` body is compared like any other: a difference, not a crash.
    expect(report.differences.some((d) => d.seq === 7 && d.json_path === '$.constructor')).toBe(
      true,
    );
    const text = formatDriftReport(report);
    expect(text).not.toContain(ESC);
    expect(text).not.toContain(BEL);
    expect(text).toContain('"\\u001b]0;owned\\u0007"');
    // The name with a terminal control could not be loaded: a default stands in for it.
    expect(report.differences.find((d) => d.seq === 1)?.json_path).toBe('$.first_name');
    expect(text.trimEnd().split('\n').at(-1)).toBe('fidelity 0/2 (3 unverifiable)');

    // The scenario command reads it too, names the skipped lines, and prints no control.
    const out: string[] = [];
    const err: string[] = [];
    const code = await runRecordingCommand('scenario', ['--from-recording', file], {
      name: 'ref-server',
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
    });
    expect(code).toBe(0);
    expect(err.join('')).toContain('note: line 2 skipped: not a JSON line');
    expect(out.join('')).not.toContain(ESC);
    expect(err.join('')).toContain('left out what would not load: accounts[0].first_name');
  });

  it('reads a recorded body nested past 256 as no JSON: compared as text, never a crash', async () => {
    // The line itself nests three deep: the depth is inside the body's string.
    const file = fresh('deep-body.jsonl');
    const deep = `{"amount":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    writeFileSync(
      file,
      `${[
        line(1),
        line(2, { path: '/v1/balance', operation: 'getBalance', response: message(deep) }),
      ].join('\n')}\n`,
    );
    const report = await driftReport(file);
    expect(report.compared).toBe(2);
    const body = report.differences.find((d) => d.seq === 2);
    expect(body?.json_path).toBe('(body)');
    expect(String(body?.recorded)).toMatch(
      /^"\{\\"amount\\":\[\[\[.*… \(200\d{3} characters of JSON\)$/,
    );
    expect((await scenarioFrom(file)).code).toBe(0);
  });

  it('counts an exchange under any recorded operation name, one of Object.prototype too', async () => {
    const file = fresh('prototype-names.jsonl');
    writeFileSync(
      file,
      `${[
        line(1),
        line(2, { operation: 'hasOwnProperty' }),
        line(3, { operation: '__proto__' }),
        line(4, { operation: 'constructor', method: 'TRACE' }),
        // A page's shape under such a name: no list of the contract.
        line(5, {
          path: '/v1/services',
          operation: 'constructor',
          response: message(
            JSON.stringify({ services: [], pagination: { has_more: true, next_cursor: 'x' } }),
          ),
        }),
      ].join('\n')}\n`,
    );
    const report = await driftReport(file);
    expect(report.compared).toBe(4);
    expect(report.unverifiable).toHaveLength(1);
    expect(
      Object.entries(report.operations).map(([name, counts]) => [name, counts.compared]),
    ).toEqual([
      ['getAccount', 1],
      ['hasOwnProperty', 1],
      ['__proto__', 1],
      ['constructor', 1],
    ]);
    expect(new Map(Object.entries(report.operations)).get('constructor')?.unverifiable).toBe(1);
    expect(({} as Record<string, unknown>).matched).toBeUndefined();
    const text = formatDriftReport(report);
    expect(text).not.toContain('NaN');
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^fidelity \d\/4 \(1 unverifiable\)$/);
    // --json names it as any other (an own property, not the object's prototype).
    expect(JSON.stringify(report.operations)).toContain(
      '"__proto__":{"matched":0,"compared":1,"unverifiable":0}',
    );
    const { scenarioFromRecording } = await import('./scenario-from-recording');
    await expect(scenarioFromRecording(file)).resolves.toBeDefined();
  });

  it("prints a line break in a recorded string as \\u000a: no line of the report is the recording's", async () => {
    const file = fresh('forged-lines.jsonl');
    const forged = 'fidelity 9/9 (0 unverifiable)';
    writeFileSync(
      file,
      [
        line(1, { operation: `getAccount\n${forged}` }),
        line(2, { path: `/v1/me\n${forged}` }),
        // A key of the file named in the reason the line is skipped for.
        line(3, { request: { ...message(null), headers: { [`x\n${forged}`]: 1 } } }),
        '',
      ].join('\n'),
    );
    const text = formatDriftReport(await driftReport(file));
    const lines = text.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('fidelity'))).toEqual([lines.at(-1)]);
    expect(lines.at(-1)).toBe('fidelity 0/2 (0 unverifiable)');
    expect(text).toContain(`getAccount\\u000a${forged}`);
    expect(text).toContain(`/v1/me\\u000a${forged}`);

    const err: string[] = [];
    await runRecordingCommand('scenario', ['--from-recording', file], {
      name: 'ref-server',
      stdout: () => {},
      stderr: (t) => err.push(t),
    });
    expect(err.join('')).toContain(
      `note: line 3 skipped: not a recorded exchange (request.headers.x\\u000a${forged}`,
    );
    const errLines = err.join('').trimEnd().split('\n');
    expect(errLines.every((l) => l.startsWith('ref-server'))).toBe(true);
  });

  it('loads the rest of the account when a record would not load', async () => {
    const file = fresh('bad-record.jsonl');
    const services = {
      services: [
        {
          service_ref: 'REF-SVC-1',
          name: 'ok',
          service_plan_name: 'p',
          type: 'kvm',
          status: 'active',
          auto_renew: false,
        },
        {
          service_ref: 'REF-SVC-2',
          name: 7,
          service_plan_name: 'p',
          type: 'kvm',
          status: 'active',
          auto_renew: false,
        },
      ],
      pagination: { limit: 50, has_more: false },
      server_time: '2026-01-01T00:00:00.000Z',
    };
    const body = JSON.stringify(services);
    writeFileSync(
      file,
      `${line(1, {
        path: '/v1/services',
        operation: 'listServices',
        response: message(body),
      })}\n`,
    );
    const { scenarioFromRecording } = await import('./scenario-from-recording');
    const { scenario, notes } = await scenarioFromRecording(file);
    expect(scenario.accounts?.[0]?.services?.map((s) => s.service_ref)).toEqual(['REF-SVC-1']);
    expect(notes.join('\n'), notes.join('\n')).toContain(
      'left out what would not load: accounts[0].services[1].name',
    );
    // And the reference server loads it.
    const server = createReferenceServer({ scenario });
    await expect(server.ready).resolves.toBeUndefined();
  });
  it('takes no service status from a 409 answer but a status word', async () => {
    // Refusals of a write on a service never listed, naming a status a megabyte long (with
    // a terminal escape), then a word: only the word rebuilds the service.
    const file = fresh('conflict-status.jsonl');
    const refusal = (seq: number, ref: string, status: string) => {
      const body = JSON.stringify({ error: 'service_not_active', status });
      return line(seq, {
        method: 'POST',
        path: `/v1/services/${ref}/power`,
        operation: 'powerService',
        status: 409,
        response: message(body),
      });
    };
    // Invoices (unreadable as such) that link both services: they are rebuilt, never listed.
    const invoices = JSON.stringify({
      invoices: [
        { invoice_ref: 'REF-INV-1', service_ref: 'REF-SVC-1' },
        { invoice_ref: 'REF-INV-2', service_ref: 'REF-SVC-2' },
      ],
      pagination: { limit: 50, has_more: false },
    });
    writeFileSync(
      file,
      `${[
        line(1),
        line(2, {
          path: '/v1/invoices',
          operation: 'listInvoices',
          response: message(invoices),
        }),
        refusal(3, 'REF-SVC-1', `${ESC}]0;x${BEL}${'y'.repeat(1_000_000)}`),
        refusal(4, 'REF-SVC-2', 'suspended'),
      ].join('\n')}\n`,
    );
    const { scenarioFromRecording } = await import('./scenario-from-recording');
    const { scenario } = await scenarioFromRecording(file);
    const statuses = scenario.accounts?.[0]?.services?.map((s) => [s.service_ref, s.status]);
    expect(statuses).toEqual([
      ['REF-SVC-1', 'active'],
      ['REF-SVC-2', 'suspended'],
    ]);
  });

  it('takes no time a year no scenario holds from an answer or its Date', async () => {
    // The first answer's `Date` is the earliest time JavaScript has (year -271821); a
    // balance states that time, then another, each with an agreeing `Date`. Neither starts
    // the scenario there: it starts at the plausible balance, loads, and replays.
    const earliest = '-271821-04-20T00:00:00.000Z';
    const dated = (seq: number, date: string, patch: Record<string, unknown> = {}) => {
      const exchange = JSON.parse(line(seq, patch)) as { response: { headers: object } };
      exchange.response.headers = { ...exchange.response.headers, date };
      return JSON.stringify(exchange);
    };
    const balance = (seq: number, asOf: string) =>
      dated(seq, asOf, {
        path: '/v1/balance',
        operation: 'getBalance',
        response: message(
          JSON.stringify({ amount: 10, currency: 'EUR', account_currency: 'EUR', as_of: asOf }),
        ),
      });
    const file = fresh('earliest-time.jsonl');
    writeFileSync(
      file,
      `${[dated(1, earliest), balance(2, earliest), balance(3, '2026-01-01T00:00:00.000Z')].join('\n')}\n`,
    );
    const { scenarioFromRecording } = await import('./scenario-from-recording');
    const { scenario } = await scenarioFromRecording(file);
    expect(scenario.now).toBe('2026-01-01T00:00:00.000Z');
    const report = await driftReport(file);
    expect(report.compared + report.unverifiable.length).toBe(3);
  });

  it('takes a service of a billion-month period for no calendar, renewals paid late included', async () => {
    // A renewal the ledger shows paid two days into January, then a page of services: the
    // service's period is a billion months. Counting its term ends back from the one shown
    // leaves the calendar's range at the first step; the scenario is built and replayed.
    const file = fresh('billion-months.jsonl');
    const renewal = {
      transaction_ref: 'REF-TXN-9',
      kind: 'service_renewal',
      currency: 'EUR',
      status: 'completed',
      method: 'balance',
      description: 'Renewal of vm-1',
      service_order: false,
      created_at: '2026-01-03T00:00:00.000Z',
      invoice_ref: 'REF-INV-9',
      service_ref: 'REF-SVC-1',
      amount: -11.9,
      fee: 0,
      penalty: 0,
      vat_amount: 1.9,
    };
    const service = {
      service_ref: 'REF-SVC-1',
      name: 'vm-1',
      service_plan_name: 'KVM S',
      type: 'kvm',
      status: 'active',
      auto_renew: true,
      expires_at: '2026-02-01T00:00:00.000Z',
      last_period_unit: 'month',
      last_period_amount: 1e9,
    };
    const page = (key: string, records: unknown[]) =>
      message(
        JSON.stringify({
          [key]: records,
          pagination: { limit: 50, has_more: false },
          server_time: '2026-01-05T00:00:00.000Z',
        }),
      );
    writeFileSync(
      file,
      [
        line(1, {
          path: '/v1/balance',
          operation: 'getBalance',
          response: message(
            JSON.stringify({
              amount: 10,
              currency: 'EUR',
              account_currency: 'EUR',
              as_of: '2025-12-31T00:00:00.000Z',
            }),
          ),
        }),
        line(2, {
          path: '/v1/transactions',
          operation: 'listTransactions',
          response: page('transactions', [renewal]),
        }),
        line(3, {
          path: '/v1/services',
          operation: 'listServices',
          response: page('services', [service]),
        }),
      ].join('\n'),
    );
    const report = await driftReport(file);
    expect(report.compared + report.unverifiable.length).toBe(3);
  });

  it('prices no order from a catalog or an order body it cannot read', async () => {
    const file = fresh('bad-catalog.jsonl');
    const body = (value: unknown) => {
      const text = JSON.stringify(value);
      return {
        headers: { 'content-type': 'application/json' },
        body: text,
        body_encoding: 'utf8',
        body_bytes: text.length,
        body_truncated: false,
      };
    };
    const plan = { plan_ref: 'REF-PLAN-1', code: 'kvm-s', service_type: 'kvm', periods: 5 };
    const plans = { plans: [plan], pagination: { limit: 50, has_more: false } };
    const order = {
      type: 'kvm',
      plan_code: 'kvm-s',
      addons: [{ addon_ref: 'REF-ADDON-1', units: 'x' }],
    };
    const answer = {
      service_ref: 'REF-SVC-9',
      service: { name: 'kvm-s-9', type: 'kvm', status: 'active', location: 7 },
      balance: { amount: 10, currency: 'EUR' },
    };
    writeFileSync(
      file,
      [
        line(1, { path: '/v1/plans', operation: 'listPlans', response: body(plans) }),
        line(2, {
          method: 'POST',
          path: '/v1/orders',
          operation: 'createOrder',
          request: { ...body(order), headers: { authorization: '[redacted]' } },
          response: body(answer),
        }),
      ].join('\n'),
    );
    const { scenarioFromRecording } = await import('./scenario-from-recording');
    const { notes, unknownBalanceFrom } = await scenarioFromRecording(file);
    // Neither is priced: the balance before the order is unknown, and said so.
    expect(unknownBalanceFrom).toEqual({ seq: 2, service_ref: 'REF-SVC-9' });
    expect(notes.join('\n')).toContain('the balance before it is unknown');
    // And drift replays it without a crash, the order's answer set apart.
    const report = await driftReport(file);
    expect(report.unverifiable.map((u) => u.operation)).toContain('createOrder');
  });
});

/** `ref-server scenario --from-recording FILE`, in process: its exit code and what it printed. */
async function scenarioFrom(
  file: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runRecordingCommand('scenario', ['--from-recording', file], {
    name: 'ref-server',
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** `scenario --from-recording` of `recordMeAndBalance`'s file skips nothing and has its first line. */
async function expectWholeScenario(file: string): Promise<void> {
  const scenario = await scenarioFrom(file);
  expect(scenario.code).toBe(0);
  expect(scenario.stderr).not.toContain('skipped');
  // The first line (GET /me) is where the profile comes from.
  expect(JSON.parse(scenario.stdout)).toMatchObject({
    accounts: [expect.objectContaining({ account_ref: 'REF-ACCT-1', first_name: 'Ada' })],
  });
}

describe('a recording as other tools save it', () => {
  it('reads the first line of a file that starts with a UTF-8 byte order mark', async () => {
    // Windows editors and PowerShell's `Out-File -Encoding utf8` start the file with one.
    const file = fresh('bom.jsonl');
    await recordMeAndBalance(file);
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(file)]));
    const report = await driftReport(file);
    expect(report.skipped_lines).toEqual([]);
    expect(formatDriftReport(report).trimEnd().split('\n').at(-1)).toBe(
      'fidelity 2/2 (0 unverifiable)',
    );
    await expectWholeScenario(file);
  });

  it('reads a body marked base64 that is not base64 as one it cannot show: set apart, no fact taken', async () => {
    const file = fresh('bad-base64.jsonl');
    const balance = (amount: number) =>
      JSON.stringify({
        amount,
        currency: 'EUR',
        account_currency: 'EUR',
        as_of: '2026-01-01T00:00:00.000Z',
      });
    const base64 = (body: string) => ({
      ...message(null),
      body,
      body_encoding: 'base64',
      body_bytes: body.length,
    });
    // Node's decoder skips what is not base64: a stray character here reads as the balance.
    const stray = Buffer.from(balance(987.65)).toString('base64');
    const order = Buffer.from(JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' })).toString(
      'base64',
    );
    writeFileSync(
      file,
      `${[
        // Nothing but characters base64 has not: read as an empty body.
        line(1, { path: '/v1/balance', operation: 'getBalance', response: base64('****') }),
        line(2, {
          path: '/v1/balance',
          operation: 'getBalance',
          response: base64(`${stray.slice(0, 8)}!*${stray.slice(8)}`),
        }),
        line(3, {
          method: 'POST',
          path: '/v1/orders',
          operation: 'createOrder',
          status: 400,
          request: { ...base64(`${order}\u00e9`), headers: { authorization: '[redacted]' } },
          response: message(JSON.stringify({ error: 'invalid_body' })),
        }),
      ].join('\n')}\n`,
    );
    const report = await driftReport(file);
    expect(report.differences).toEqual([]);
    expect(report.unverifiable.map((u) => [u.seq, u.reason])).toEqual([
      [1, expect.stringMatching(/^its answer body is marked base64 but is not valid base64/)],
      [2, expect.stringMatching(/^its answer body is marked base64 but is not valid base64/)],
      [3, expect.stringMatching(/^its request body is marked base64 but is not valid base64/)],
    ]);
    expect(formatDriftReport(report).trimEnd().split('\n').at(-1)).toBe(
      'fidelity 0/0 (3 unverifiable)',
    );

    const { scenarioFromRecording } = await import('./scenario-from-recording');
    const { scenario, notes } = await scenarioFromRecording(file);
    expect(scenario.accounts?.[0]?.balance).not.toBe(987.65);
    expect(notes.join('\n')).toContain('2 answers were marked base64 but are not valid base64');
  });

  it('reads a recording compressed with gzip as it reads it plain, one gzip member or several', async () => {
    const plain = fresh('plain.jsonl');
    await recordMeAndBalance(plain);
    const [me, balance] = readFileSync(plain, 'utf8').split(/(?<=\n)/);
    // `gzip rec.jsonl`, and `cat a.gz b.gz` (a recording gzipped as it grew).
    const whole = fresh('rec.jsonl.gz');
    writeFileSync(whole, gzipSync(readFileSync(plain)));
    const members = fresh('members.jsonl.gz');
    writeFileSync(members, Buffer.concat([gzipSync(me!), gzipSync(balance!)]));
    for (const file of [whole, members]) {
      const report = await driftReport(file);
      expect({ file, skipped: report.skipped_lines, rest: report.unreadable_rest }).toEqual({
        file,
        skipped: [],
        rest: undefined,
      });
      expect(formatDriftReport(report).trimEnd().split('\n').at(-1)).toBe(
        'fidelity 2/2 (0 unverifiable)',
      );
      await expectWholeScenario(file);
    }
  });

  it('ends a truncated or corrupt gzip recording with one line naming the file, the lines before it counted', async () => {
    const plain = fresh('plain.jsonl');
    await recordMeAndBalance(plain);
    const [me, balance] = readFileSync(plain, 'utf8').split(/(?<=\n)/);
    const second = gzipSync(balance!);
    const truncated = fresh('truncated.jsonl.gz');
    // A download or a copy cut short: the first line whole, the second cut.
    writeFileSync(
      truncated,
      Buffer.concat([gzipSync(me!), second.subarray(0, second.length >> 1)]),
    );
    const corrupt = fresh('corrupt.jsonl.gz');
    const damaged = Buffer.from(second);
    damaged[second.length - 6] = (damaged[second.length - 6] ?? 0) ^ 0xff; // its CRC
    // zlib keeps back what it decompressed in the call that failed (its 16 KiB chunk at
    // most): 64 KiB of blank lines, which a reader skips, between GET /me and the damage.
    const blank = `${' '.repeat(1023)}\n`.repeat(64);
    writeFileSync(corrupt, Buffer.concat([gzipSync(me! + blank), damaged]));
    const problems = [
      [truncated, 'its gzip data ends early, the file is truncated (unexpected end of file)', 1],
      [corrupt, 'its gzip data is corrupt (incorrect data check)', 65 - 16],
    ] as const;
    for (const [file, problem, least] of problems) {
      const report = await driftReport(file);
      const after = report.unreadable_rest?.after_line ?? 0;
      expect(report.unreadable_rest).toEqual({ after_line: after, reason: problem });
      expect(after).toBeGreaterThanOrEqual(least);
      const said = `cannot read recording ${file} past line ${after}: ${problem}`;
      // GET /me was read and replayed; the cut GET /balance is no line of its own.
      expect(report.skipped_lines).toEqual([]);
      expect(formatDriftReport(report).trimEnd().split('\n').at(-1)).toBe(
        'fidelity 1/1 (0 unverifiable)',
      );
      // The commands: the report or scenario of what was read, then the line; the exit code
      // of a file they cannot read (2 for drift --exit-code, as diff).
      for (const [argv, code] of [
        [[file], 1],
        [[file, '--exit-code'], 2],
        [['--from-recording', file], 1],
      ] as const) {
        const out: string[] = [];
        const err: string[] = [];
        const run = runRecordingCommand(argv[0] === file ? 'drift' : 'scenario', argv, {
          name: 'ref-server',
          stdout: (t) => out.push(t),
          stderr: (t) => err.push(t),
        });
        await expect(run).rejects.toThrow(RecordingCliExit);
        await expect(run).rejects.toMatchObject({ message: said, code });
        if (argv[0] === file) {
          expect(out.join('').trimEnd().split('\n').at(-1)).toBe('fidelity 1/1 (0 unverifiable)');
          expect(err).toEqual([]);
        } else {
          expect(JSON.parse(out.join(''))).toMatchObject({
            accounts: [expect.objectContaining({ account_ref: 'REF-ACCT-1', first_name: 'Ada' })],
          });
        }
      }
    }
    // Not gzip past its first bytes: nothing was read.
    const notGzip = fresh('not-gzip.jsonl.gz');
    writeFileSync(notGzip, Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from(me!)]));
    const report = await driftReport(notGzip);
    expect(report.unreadable_rest).toEqual({
      after_line: 0,
      reason: expect.stringMatching(/^its gzip data is corrupt \(/),
    });
    await expect(
      runRecordingCommand('drift', [notGzip], {
        name: 'ref-server',
        stdout: () => {},
        stderr: () => {},
      }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(
        new RegExp(
          `^cannot read recording ${notGzip.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')} from its start: its gzip data is corrupt \\(`,
        ),
      ),
      code: 1,
    });
  });

  it('reads a gzip bomb a line at a time: a decompressed line past the cap is skipped, the lines after it read', async () => {
    const plain = fresh('plain.jsonl');
    await recordMeAndBalance(plain);
    const [me, balance] = readFileSync(plain, 'utf8').split(/(?<=\n)/);
    const bomb = fresh('bomb.jsonl.gz');
    // 64 MiB of one line in some 64 KiB of gzip, between two exchanges.
    const zipped = gzipSync(
      Buffer.concat([
        Buffer.from(me!),
        Buffer.alloc(64 * 1024 * 1024, 'x'),
        Buffer.from(`\n${balance!}`),
      ]),
    );
    writeFileSync(bomb, zipped);
    expect(zipped.length).toBeLessThan(1024 * 1024);
    const report = await driftReport(bomb);
    expect(report.skipped_lines).toEqual([{ line: 2, reason: 'longer than 8388608 characters' }]);
    expect(formatDriftReport(report).trimEnd().split('\n').at(-1)).toBe(
      'fidelity 2/2 (0 unverifiable)',
    );
  });
});
