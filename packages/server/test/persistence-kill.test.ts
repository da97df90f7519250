// The crash test of `--state-file`: a child ref-server under concurrent mixed mutations is
// SIGKILLed at a seeded random moment, restarted on the same file, and checked: every
// acknowledged change is there, nothing unacknowledged is half-applied. Ten kill points.
import { rm, writeFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/internal/mulberry32';
import { keepAliveRequest } from './keep-alive-client';
import {
  CLIENT_KEYS,
  KVMS,
  OPENING_CENTS,
  ORDER,
  RULE,
  STOCK,
  stateScenario,
  useTempDir,
} from './persistence-harness';
import { type RefServerProcess, startRefServer, startScriptServer } from './ref-server-process';

const ROUNDS = 10;
const OPS_PER_CLIENT = 50;
const SEED = Number(process.env.KILL_TEST_SEED ?? 7);
const ADMIN = 'kill-test-admin-token';
const dir = useTempDir();
const running: RefServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.kill()));
});

/** What the clients were told (acknowledged) and what may have happened without an answer. */
interface Seen {
  readonly orders: Array<{ key: string; token: string; serviceRef: string; round: number }>;
  /** `client:id` of created rules; `deleting` once a delete was sent, `deleted` once answered. */
  readonly rules: Map<string, { deleted: boolean; deleting?: boolean }>;
  readonly autoRenew: Map<string, { acked?: boolean; pending?: boolean }>;
  readonly power: Map<string, { acked?: string; pending?: string }>;
  clockAtLeast: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the state document is navigated as plain JSON
type Json = any;

/** The server went away under a request (killed): what fetch reports as `fetch failed`. */
class ServerGone extends Error {}

// The thousands of requests of the ten rounds go over keep-alive node:http, not fetch
// (keep-alive-client.ts: a third of fetch's CPU per request).
const agent = new Agent({ keepAlive: true });
afterAll(() => agent.destroy());

async function send(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  idem?: string,
) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idem !== undefined) headers['idempotency-key'] = idem;
  const text = body === undefined ? undefined : JSON.stringify(body);
  const reply = await keepAliveRequest(`${base}${path}`, agent, {
    method,
    headers,
    body: text,
  }).catch((error: Error) => {
    throw new ServerGone(error.message, { cause: error });
  });
  return {
    status: reply.status,
    headers: reply.headers,
    body: (reply.text === '' ? undefined : JSON.parse(reply.text)) as Json,
  };
}

/** Four clients firing 200 mixed mutations; SIGKILL once `killAfter` answers arrived. */
async function fire(server: RefServerProcess, round: number, seen: Seen, killAfter: number) {
  let answers = 0;
  const answered = () => {
    if (++answers === killAfter) void server.kill();
  };
  const client = async (c: number) => {
    const random = mulberry32(SEED * 1000 + round * 10 + c);
    const token = CLIENT_KEYS[c] as string;
    const service = KVMS[c] as string;
    const api = (method: string, path: string, body?: unknown, idem?: string) =>
      send(server.baseUrl, token, method, path, body, idem);
    const myRules = () => [...seen.rules].filter(([id, r]) => !r.deleted && id.startsWith(`${c}:`));
    for (let n = 0; n < OPS_PER_CLIENT; n++) {
      const pick = random();
      const idem = `r${round}-c${c}-n${n}`;
      try {
        if (pick < 0.4) {
          const reply = await api('POST', '/orders', ORDER, idem);
          expect(reply.status).toBe(200);
          seen.orders.push({ key: idem, token, serviceRef: reply.body.service_ref, round });
        } else if (pick < 0.55) {
          const enabled = random() < 0.5;
          const slot = seen.autoRenew.get(service) ?? {};
          seen.autoRenew.set(service, { ...slot, pending: enabled });
          const reply = await api('PUT', `/services/${service}/auto-renew`, { enabled });
          expect(reply.status).toBe(200);
          seen.autoRenew.set(service, { acked: enabled });
        } else if (pick < 0.7) {
          const action = (['start', 'stop', 'reboot'] as const)[Math.floor(random() * 3)] as string;
          const state = action === 'stop' ? 'stopped' : 'running';
          const slot = seen.power.get(service) ?? {};
          seen.power.set(service, { ...slot, pending: state });
          const reply = await api('POST', `/services/${service}/power`, { action }, idem);
          expect(reply.status).toBe(200);
          seen.power.set(service, { acked: state });
        } else if (pick < 0.85) {
          const reply = await api('POST', `/services/${service}/shield/rules`, RULE, idem);
          expect([202, 409]).toContain(reply.status);
          if (reply.status === 202)
            seen.rules.set(`${c}:${reply.body.rule.id}`, { deleted: false });
        } else if (pick < 0.95) {
          const [entry] = myRules();
          if (entry === undefined) continue;
          const id = entry[0].slice(2);
          const unanswered = entry[1].deleting === true;
          seen.rules.set(entry[0], { deleted: false, deleting: true });
          const reply = await api(
            'DELETE',
            `/services/${service}/shield/rules/${id}`,
            undefined,
            idem,
          );
          // An earlier delete whose answer the kill cut off may have removed it already.
          expect(unanswered ? [202, 404] : [202]).toContain(reply.status);
          seen.rules.set(entry[0], { deleted: true });
        } else {
          const reply = await send(server.origin, ADMIN, 'POST', '/__admin/clock', {
            advance_seconds: 1 + Math.floor(random() * 20),
          });
          expect(reply.status).toBe(200);
          seen.clockAtLeast = Math.max(seen.clockAtLeast, Date.parse(reply.body.now));
        }
      } catch (error) {
        if (error instanceof ServerGone) return; // the server is gone
        throw error;
      }
      answered();
    }
  };
  await Promise.all([0, 1, 2, 3].map(client));
  await server.kill();
}

const cents = (amount: number) => Math.round(amount * 100);

/** Checks the restarted server against what was acknowledged, then settles `seen`. */
async function verify(server: RefServerProcess, round: number, seen: Seen) {
  const state: Json = (await send(server.origin, ADMIN, 'GET', '/__admin/state')).body;
  const account = state.accounts[0];
  const services = new Map(account.services.map((s: Json) => [s.service_ref, s]));
  const invoices = new Set(account.invoices.map((i: Json) => i.invoice_ref));
  const transactions = new Set(account.transactions.map((t: Json) => t.transaction_ref));
  const orderServices = new Set(account.orders.map((o: Json) => o.service_ref));
  const idempotency: Json[] = state.idempotency ?? [];

  // Money: the balance is the opening balance plus the surviving ledger, to the cent.
  const ledger = account.transactions.reduce((sum: number, t: Json) => sum + cents(t.amount), 0);
  expect(cents(account.balance)).toBe(OPENING_CENTS + ledger);
  expect(state.plans[0].stock).toBe(STOCK - account.orders.length);
  // Every order whole: invoice, service, transaction, and its replayable response.
  const storedOrders = idempotency.filter(
    (e) => e.operation_id === 'createOrder' && e.response.status === 200,
  );
  expect(storedOrders.map((e) => e.response.body.service_ref).sort()).toEqual(
    [...orderServices].sort(),
  );
  for (const order of account.orders) {
    expect(services.has(order.service_ref)).toBe(true);
    expect(invoices.has(order.invoice_ref)).toBe(true);
    expect(transactions.has(order.transaction_ref)).toBe(true);
  }
  expect(account.transactions.length).toBe(account.orders.length);
  // Every acknowledged order is there and replays its stored response.
  for (const order of seen.orders) expect(orderServices.has(order.serviceRef)).toBe(true);
  for (const order of seen.orders.filter((o) => o.round === round)) {
    const replay = await send(server.baseUrl, order.token, 'POST', '/orders', ORDER, order.key);
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(replay.body.service_ref).toBe(order.serviceRef);
  }
  const after: Json = (await send(server.origin, ADMIN, 'GET', '/__admin/state')).body;
  expect(after.accounts[0].balance).toBe(account.balance);
  // Service settings: the acknowledged value, or the one whose answer the kill cut off.
  for (const [ref, slot] of seen.autoRenew) {
    const value = (services.get(ref) as Json).auto_renew;
    // Never acknowledged (the kill cut off the first write's answer): the scenario's value,
    // off for the harness's KVMs.
    expect([slot.acked ?? false, slot.pending]).toContain(value);
    seen.autoRenew.set(ref, { acked: value });
  }
  for (const [ref, slot] of seen.power) {
    const value = (services.get(ref) as Json).power_state;
    expect([slot.acked, slot.pending]).toContain(value);
    seen.power.set(ref, { acked: value });
  }
  // Shield: acknowledged rules exist (deleted ones rolling back), each with its response.
  // The state document has no `extensions` until a module holds state: a run whose few
  // answered calls (the full-disk case's, some seeds) created no rule has none.
  const shieldRules: Json[] = state.extensions?.shield?.rules ?? [];
  const rules = new Map(shieldRules.map((r: Json) => [r.id, r]));
  const storedRules = new Set(
    idempotency
      .filter((e) => e.operation_id === 'createShieldRule' && e.response.status === 202)
      .map((e) => e.response.body.rule.id),
  );
  for (const [key, { deleted }] of seen.rules) {
    const rule = rules.get(key.slice(2)) as Json;
    expect(rule).toBeDefined();
    if (deleted) expect(rule.rollback_at).toBeTypeOf('number');
  }
  for (const rule of shieldRules) expect(storedRules.has(rule.id)).toBe(true);
  expect(Date.parse(state.now)).toBeGreaterThanOrEqual(seen.clockAtLeast);
}

describe('ref-server --state-file under SIGKILL', () => {
  it(`loses no acknowledged change and half-applies none, at ${ROUNDS} random kill points`, async () => {
    const file = join(dir(), 'kill.json');
    const scenarioFile = join(dir(), 'kill-scenario.json');
    await writeFile(scenarioFile, JSON.stringify(stateScenario()));
    const args = ['--state-file', file, '--scenario', scenarioFile, '--admin-token', ADMIN];
    // Compact often, so kills also land in the middle of compactions.
    const env = { REF_STATE_COMPACT_BYTES: '32768' };
    const start = async () => {
      const server = await startRefServer(args, env);
      running.push(server);
      return server;
    };
    const seen: Seen = {
      orders: [],
      rules: new Map(),
      autoRenew: new Map(),
      power: new Map(),
      clockAtLeast: 0,
    };
    const random = mulberry32(SEED);
    let server = await start();
    for (let round = 0; round < ROUNDS; round++) {
      const killAfter = 10 + Math.floor(random() * 180);
      await fire(server, round, seen, killAfter);
      server = await start();
      expect(server.stderr()).not.toMatch(/corrupt|refusing/);
      await verify(server, round, seen);
    }
    expect(seen.orders.length).toBeGreaterThan(ROUNDS);
    await server.kill();
  }, 60_000);

  it('loses no acknowledged change when killed right after writes resume after a full disk', async () => {
    const file = join(dir(), 'full.json');
    const marker = `${file}.disk-full`;
    const scenarioFile = join(dir(), 'full-scenario.json');
    await writeFile(scenarioFile, JSON.stringify(stateScenario()));
    const script = fileURLToPath(new URL('./fixtures/full-disk-server.ts', import.meta.url));
    const faulty = await startScriptServer(script, [file, scenarioFile, ADMIN]);
    running.push(faulty);
    const seen: Seen = {
      orders: [],
      rules: new Map(),
      autoRenew: new Map(),
      power: new Map(),
      clockAtLeast: 0,
    };
    const token = CLIENT_KEYS[0] as string;
    const order = (idem: string) => send(faulty.baseUrl, token, 'POST', '/orders', ORDER, idem);
    for (const idem of ['full-a', 'full-b']) {
      const reply = await order(idem);
      expect(reply.status).toBe(200);
      seen.orders.push({ key: idem, token, serviceRef: reply.body.service_ref, round: 0 });
    }
    // The disk fills: writes are refused whole, reads go on.
    await writeFile(marker, '');
    const refused = ['full-x', 'full-y', 'full-z'];
    for (const idem of refused) {
      const reply = await order(idem);
      expect([reply.status, reply.body]).toEqual([503, { error: 'state_unavailable' }]);
      expect(reply.headers.get('retry-after')).not.toBeNull();
    }
    expect((await send(faulty.baseUrl, token, 'GET', '/balance')).status).toBe(200);
    // Space again: the first write that goes through is acknowledged...
    await rm(marker);
    let first = await order('full-c');
    for (let i = 0; first.status === 503 && i < 500; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      first = await order('full-c');
    }
    expect(first.status).toBe(200);
    seen.orders.push({ key: 'full-c', token, serviceRef: first.body.service_ref, round: 0 });
    // ...and a SIGKILL lands right after, amid concurrent writes.
    await fire(faulty, 0, seen, 3);
    expect(faulty.stderr().trim().split('\n')).toEqual([
      expect.stringMatching(/warning: cannot write the journal: ENOSPC/),
      expect.stringMatching(/warning: the journal takes writes again/),
    ]);

    const server = await startRefServer(['--state-file', file, '--admin-token', ADMIN]);
    running.push(server);
    expect(server.stderr()).not.toMatch(/corrupt|refusing/);
    await verify(server, 0, seen);
    const state: Json = (await send(server.origin, ADMIN, 'GET', '/__admin/state')).body;
    const keys = new Set((state.idempotency ?? []).map((e: Json) => e.key));
    for (const idem of refused) expect(keys.has(idem)).toBe(false);
    await server.kill();
  }, 60_000);
});
