// Shared pieces of the state-file suites: a scenario with money, Shield and stock to
// check, temp directories, and in-process servers on a state file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import {
  createReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from '../src/index';
import { attachStateFile } from '../src/persistence/state-file';
import { createReferenceCore } from '../src/server/reference-core';
import { scenario } from '../src/testing/scenario-builder';
import type { DiskFault } from './disk-fault';

/** Start of the scenario clock. */
const T0 = '2026-01-01T00:00:00.000Z';
/** The one account's full key, its KVMs (Shield active) and its opening balance in cents. */
const KEY = 'refak_state_full';
export const KVMS = ['REF-SVC-10', 'REF-SVC-11', 'REF-SVC-12', 'REF-SVC-13'] as const;
export const OPENING_CENTS = 1_000_000_00;
/** Stock of the plan the suites buy. */
export const STOCK = 100_000;

/** Extra keys of {@link stateScenario}, one per concurrent client of the kill test. */
export const CLIENT_KEYS = ['refak_state_c0', 'refak_state_c1', 'refak_state_c2', 'refak_state_c3'];

/** An EUR account with a large balance, four KVMs with Shield, and one stocked plan. */
export function stateScenario(options: { frozen?: boolean } = {}) {
  const builder = scenario()
    .now(T0, { frozen: options.frozen ?? false })
    .plan({ code: 'kvm-s', price_eur: 5, stock: STOCK })
    .account({
      currency: 'EUR',
      balance: OPENING_CENTS / 100,
      vatRate: 0.19,
      accountRef: 'REF-ACCT-1',
    });
  KVMS.forEach((serviceRef, i) => {
    builder.withKvm({ serviceRef, ip: `203.0.113.${10 + i}` });
  });
  builder.withShield('active').key(['*'], { token: KEY });
  for (const token of CLIENT_KEYS) builder.key(['*'], { token });
  return builder.build();
}

/** A fresh temp directory per suite, removed afterwards. */
export function useTempDir(): () => string {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'refapi-state-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return () => dir;
}

/** A parsed reply of the in-process server. */
interface Reply {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: assertions navigate arbitrary JSON
  readonly body: any;
}

/** An in-process server on a state file, with call helpers. */
export interface StateServer {
  readonly server: ReferenceServer;
  call(
    method: string,
    path: string,
    init?: { body?: unknown; key?: string; idem?: string },
  ): Promise<Reply>;
}

/** Opens a server on `stateFile` and waits until it is ready. */
export async function openState(
  stateFile: string,
  options: ReferenceServerOptions = {},
): Promise<StateServer> {
  const server = createReferenceServer({
    scenario: stateScenario({ frozen: true }),
    adminToken: 'state-admin-token',
    stateFile,
    onWarning: () => {},
    ...options,
  });
  await server.ready;
  return {
    server,
    call: callerOf(server, 'state-admin-token'),
  };
}

// Requests' bodies are serialized with this, taken at load: a test may make `JSON.stringify`
// throw to fail the server's journal lines, never its own requests.
const stringify = JSON.stringify;

/**
 * Requests to an in-process server as a client sends them: API paths with `init.key` (the
 * suites' key by default), admin and space paths with `adminToken`.
 */
function callerOf(
  target: { readonly baseUrl: string; fetch(url: string, init: RequestInit): Promise<Response> },
  adminToken: string,
): StateServer['call'] {
  return async (method, path, init = {}) => {
    const admin = path.startsWith('/__admin') || path.startsWith('/spaces/');
    const headers: Record<string, string> = {
      authorization: `Bearer ${admin ? adminToken : (init.key ?? KEY)}`,
    };
    if (init.idem !== undefined) headers['idempotency-key'] = init.idem;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const url = admin ? `https://api.ref.test${path}` : `${target.baseUrl}${path}`;
    const response = await target.fetch(url, {
      method,
      headers,
      ...(init.body === undefined ? {} : { body: stringify(init.body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === '' ? undefined : JSON.parse(text),
    };
  };
}

/**
 * An in-process server on `file` whose journal fails as `fault` says (retried every 20 ms):
 * `call(method, path, body?, idem?)`, what it warned and reported, and `close` (once; also
 * when the test that opened it finishes).
 */
export async function openFaulty(
  file: string,
  fault: DiskFault,
  options: { readonly compactBytes?: number } = {},
) {
  const warnings: string[] = [];
  const errors: unknown[] = [];
  const { core, durable } = createReferenceCore(
    {
      scenario: stateScenario({ frozen: true }),
      adminToken: 'state-admin-token',
      onError: (error) => errors.push(error),
    },
    attachStateFile({
      path: file,
      onWarning: (message) => warnings.push(message),
      retryMs: 20,
      walFile: fault.wrap,
      ...(options.compactBytes === undefined ? {} : { compactBytes: options.compactBytes }),
    }),
  );
  await core.ready;
  const send = callerOf(core, 'state-admin-token');
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= durable?.close() ?? Promise.resolve();
    return closed;
  };
  onTestFinished(close);
  return {
    core,
    warnings,
    errors,
    call: (method: string, path: string, body?: unknown, idem?: string) =>
      send(method, path, {
        ...(body === undefined ? {} : { body }),
        ...(idem === undefined ? {} : { idem }),
      }),
    close,
  };
}

/** Retries `fn` while it answers 503 (a failed journal is tried again every 20 ms). */
export async function untilWritable<T extends { status: number }>(
  fn: () => Promise<T>,
): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const reply = await fn();
    if (reply.status !== 503) return reply;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('writes did not resume');
}

/** The body of an order of the suites' plan. */
export const ORDER = { type: 'kvm', plan_code: 'kvm-s' } as const;

/** A custom Shield rule intent. */
export const RULE = {
  name: 'drop dns',
  mode: 'enforce',
  action: 'drop',
  risk: 'low',
  protocol: 'udp',
  destination_port: 53,
} as const;
