import { type ChildProcess, execFile, execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { RouteId } from '@refapi/schema/client';
import { createReferenceServer, type ListeningServer, type ReferenceServer } from '@refapi/server';
import type { RequestEntry } from '@refapi/server/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCurl, toSdkCall } from '../src/copy-as';
import { toRefctl } from '../src/copy-as-refctl';
import { type Sent, send } from './raw-request';

// Every operation of the contract, recorded once, then sent again by its curl command, its
// refctl command (the built binary) and its SDK call (the built SDK, imported as
// `@refapi/sdk`): each must put the same method, path, query and body in the journal.
// curl and refctl run as a user pastes them, one shell each; the SDK snippets, each a module
// of its own, run one after another in one Node process (test/sdk-snippet-runner.mjs).

const API_KEY = 'refak_demo_eur_full';
const SERVICE = '/v1/services/REF-SVC-101';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONSOLE = join(ROOT, 'apps', 'console');
const REFCTL = join(ROOT, 'apps', 'refctl', 'dist', 'refctl.cjs');
const SDK_DIST = join(ROOT, 'packages', 'sdk', 'dist', 'index.js');
const SDK_RUNNER = fileURLToPath(new URL('sdk-snippet-runner.mjs', import.meta.url));
const run = promisify(execFile);

const auth = { authorization: `Bearer ${API_KEY}` };
const get = (target: string): Sent => ({ method: 'GET', target, headers: auth });
const write = (method: string, target: string, key: string, body?: unknown): Sent => ({
  method,
  target,
  headers: {
    ...auth,
    'idempotency-key': key,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** One recorded request per operation (a rule id comes from the setup). */
const RECORDED: Record<RouteId, (ruleId: string) => Sent> = {
  getAccount: () => get('/v1/me'),
  getBalance: () => get('/v1/balance?display_currency=USD'),
  listInvoices: () => get('/v1/invoices?limit=5'),
  listOrders: () => get('/v1/orders?limit=3'),
  createOrder: () =>
    write('POST', '/v1/orders', 'rt-order-1', {
      type: 'kvm',
      plan_code: 'kvm-s',
      period_ref: 'REF-PERIOD-12',
      os_image_ref: 'REF-OS-11',
      region_ref: 'REF-REGION-11',
      addons: [{ addon_ref: 'REF-ADDON-11', units: 2 }],
    }),
  listTransactions: () => get('/v1/transactions?limit=2&cursor=REF-TXN-102'),
  listServices: () => get('/v1/services?type=kvm&status=active&limit=10'),
  getServiceStats: () => get('/v1/services/stats'),
  getService: () => get(SERVICE),
  setServiceAutoRenew: () => ({
    method: 'PUT',
    target: `${SERVICE}/auto-renew`,
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{"enabled":false}',
  }),
  powerService: () => write('POST', `${SERVICE}/power`, 'rt-power-1', { action: 'reboot' }),
  getShieldOverview: () => get(`${SERVICE}/shield`),
  getShieldCapabilities: () => get(`${SERVICE}/shield/capabilities`),
  listShieldRules: () => get(`${SERVICE}/shield/rules`),
  createShieldRule: () =>
    write('POST', `${SERVICE}/shield/rules`, 'rt-rule-1', {
      name: 'block dns amplification',
      mode: 'enforce',
      action: 'drop',
      risk: 'high',
      protocol: 'udp',
      destination_port: 53,
    }),
  deleteShieldRule: (ruleId) => write('DELETE', `${SERVICE}/shield/rules/${ruleId}`, 'rt-del-1'),
  applyShieldPreset: () =>
    write('POST', `${SERVICE}/shield/presets/block-udp-amplification`, 'rt-preset-1'),
  applyShieldProfile: () => write('POST', `${SERVICE}/shield/profiles/strict`, 'rt-profile-1'),
  getShieldTraffic: () => get(`${SERVICE}/shield/traffic?window_hours=24&group_by=protocol`),
  getShieldProtectionActivity: () => get(`${SERVICE}/shield/protection-activity?window_hours=6`),
  exportShieldTelemetry: () =>
    get(`${SERVICE}/shield/export?dataset=traffic&format=csv&window_hours=24&group_by=source_ip`),
  getShieldRuleEvidence: (ruleId) =>
    get(`${SERVICE}/shield/rules/${ruleId}/evidence?action=drop&limit=20`),
  listPlans: () => get('/v1/plans?type=kvm&display_currency=GBP&limit=10'),
};

/** What must survive the round trip: method, path, query (in any order) and JSON body. */
function seen(entry: RequestEntry) {
  const query = [...new URLSearchParams(entry.query)].sort(([a], [b]) => a.localeCompare(b));
  let body: unknown = entry.request.body;
  try {
    body = body === null ? null : JSON.parse(body as string);
  } catch {
    // not JSON: compared as text
  }
  return { method: entry.method, path: entry.path, query, body };
}

/** Builds what the snippets run when it is missing (a fresh checkout). */
function ensureBuilt(file: string, filter: string) {
  if (!existsSync(file)) execFileSync('pnpm', ['--filter', filter, 'build'], { cwd: ROOT });
}

type Form = 'curl' | 'refctl' | 'sdk';

/** Node running snippet modules in turn: `run(file, env)` settles as `node file` would end. */
function startSdkRunner() {
  const child: ChildProcess = fork(SDK_RUNNER, [], {
    execArgv: [],
    env: { PATH: process.env.PATH },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { done: () => void; fail: (error: Error) => void }>();
  child.on('message', ({ id, error }: { id: number; error?: string }) => {
    const settle = waiting.get(id)!;
    waiting.delete(id);
    if (error === undefined) settle.done();
    else settle.fail(Object.assign(new Error(error), { stderr: error }));
  });
  child.on('exit', (code, signal) => {
    for (const { fail } of waiting.values())
      fail(new Error(`snippet runner ended (${signal ?? code})`));
    waiting.clear();
  });
  let next = 0;
  return {
    run: (file: string, env: Record<string, string | undefined>) =>
      new Promise<void>((done, fail) => {
        const id = next++;
        waiting.set(id, { done, fail });
        child.send({ id, file, env });
      }),
    stop: () => child.kill(),
  };
}

describe('copy as curl, refctl and SDK: every operation round-trips through the journal', () => {
  // A directory under the console, so that the SDK snippet's `import '@refapi/sdk'` resolves
  // the workspace package (its built dist) the way an outside project would.
  let scratch: string;
  let sdk: ReturnType<typeof startSdkRunner>;

  beforeAll(() => {
    ensureBuilt(REFCTL, 'refctl');
    ensureBuilt(SDK_DIST, '@refapi/sdk');
    mkdirSync(join(CONSOLE, 'test-output'), { recursive: true });
    scratch = mkdtempSync(join(CONSOLE, 'test-output', 'round-trip-'));
    sdk = startSdkRunner();
  });
  afterAll(() => {
    sdk?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  describe.each(Object.keys(RECORDED) as RouteId[])('%s', (operation) => {
    let server: ReferenceServer;
    let listening: ListeningServer;
    let recorded: RequestEntry;

    beforeAll(async () => {
      server = createReferenceServer({ adminToken: 'refadm_console_round_trip_0001' });
      listening = await server.listen({ port: 0 });
      // A rule for the operations that name one.
      const created = await fetch(`${listening.url}${SERVICE}/shield/rules`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'setup' },
        body: '{"name":"setup","mode":"observe","action":"drop","risk":"low","protocol":"tcp","destination_port":22}',
      });
      const { rule } = (await created.json()) as { rule: { id: string } };
      const before = server.admin.requests().length;
      await send(listening.url, RECORDED[operation](rule.id));
      const [entry, ...others] = server.admin.requests().slice(before);
      expect(others).toEqual([]);
      expect(entry?.operation).toBe(operation);
      recorded = entry!;
    });
    afterAll(() => listening.close());

    const snippets: Record<Form, () => { text: string | undefined; run: () => Promise<unknown> }> =
      {
        curl: () => {
          const text = toCurl(recorded, listening.url);
          return { text, run: () => run('bash', ['-c', text], { env: environment() }) };
        },
        refctl: () => {
          const text = toRefctl(recorded, listening.url);
          const shell = `refctl() { node ${JSON.stringify(REFCTL)} "$@"; }\n${text}`;
          return { text, run: () => run('bash', ['-c', shell], { env: environment() }) };
        },
        sdk: () => {
          const text = toSdkCall(recorded);
          const file = join(scratch, `${operation}.mjs`);
          writeFileSync(
            file,
            `import { RefClient } from '@refapi/sdk';\nconst client = new RefClient({ maxRetries: 0 });\n${text}\n`,
          );
          return { text, run: () => sdk.run(file, environment()) };
        },
      };

    /** The snippets' environment: the key and base URL, and no refctl profile of the host. */
    const environment = () => ({
      PATH: process.env.PATH,
      HOME: scratch,
      XDG_CONFIG_HOME: scratch,
      CI: '1',
      NO_COLOR: '1',
      REF_API_KEY: API_KEY,
      REF_BASE_URL: listening.baseUrl,
    });

    it.each(['curl', 'refctl', 'sdk'] as const)('%s', async (form) => {
      const { text, run: runSnippet } = snippets[form]();
      expect(text, `no ${form} snippet`).toBeDefined();
      const before = server.admin.requests().length;
      // Error answers (a second delete, a replayed key) are fine: the request is what counts.
      const outcome = await runSnippet().then(
        () => '',
        (error: { stderr?: string; message: string }) => error.stderr || error.message,
      );
      // refctl reads the catalog before it buys: only the operation's own request counts.
      const replays = server.admin.requests().slice(before);
      const own = replays.filter((entry) => entry.operation === operation);
      expect(own.map(seen), `${text}\n${outcome}`).toEqual([seen(recorded)]);
    });
  });
});
