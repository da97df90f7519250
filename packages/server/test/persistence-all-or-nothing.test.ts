// Under `--state-file` a change is applied and durable, or not applied at all, whatever stops
// its journal line: a full disk (ENOSPC at the write or the fsync) or something thrown while
// the line is encoded (a bug, or a state past the longest string). Either way the answer is
// 503 state_unavailable with Retry-After, memory and the file stay as before, and writes
// resume by themselves. A line that could not be encoded had answered 500 with the change
// kept in memory only (an admin scenario load, snapshot restore or top-up, and orders): lost
// on a restart, under the writes built on it; one the journal writer could not encode ended
// the process.
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { StateSlices } from '../src/state/state-slice';
import { DiskFault } from './disk-fault';
import {
  ORDER,
  openFaulty,
  openState,
  stateScenario,
  untilWritable,
  useTempDir,
} from './persistence-harness';

const dir = useTempDir();
afterEach(() => {
  vi.restoreAllMocks();
});

type Call = (
  method: string,
  path: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: assertions navigate arbitrary JSON
) => Promise<{ status: number; body: any }>;

/** What the admin API shows of the state: records, clock, idempotency, Shield, switches. */
async function view(call: Call) {
  const read = async (path: string) => {
    const reply = await untilWritable(() => call('GET', path));
    expect([path, reply.status]).toEqual([path, 200]);
    return reply.body;
  };
  return {
    state: await read('/__admin/state'),
    faults: await read('/__admin/faults'),
    shield: await read('/__admin/shield'),
  };
}

/** Every change a client can make to durable state, with its request. */
const CHANGES = {
  order: ['POST', '/orders', ORDER],
  'scenario load': ['POST', '/__admin/scenario', stateScenario({ frozen: true })],
  reset: ['POST', '/__admin/reset', undefined],
  'snapshot restore': ['POST', '/__admin/snapshots/clean/restore', undefined],
  'top-up': ['POST', '/__admin/top-ups', { account_ref: 'REF-ACCT-1', amount: 100 }],
  'clock advance': ['POST', '/__admin/clock', { advance_seconds: 3600 }],
  'clock set': ['POST', '/__admin/clock', { now: '2026-03-01T00:00:00.000Z' }],
  'clock freeze': ['POST', '/__admin/clock', { frozen: false }],
  faults: ['POST', '/__admin/faults', { latency_ms: 5 }],
  'shield pause': ['POST', '/__admin/shield', { paused: true }],
} as const;
type Change = keyof typeof CHANGES;
const ADMIN_CHANGES = (Object.keys(CHANGES) as Change[]).filter((change) => change !== 'order');

const injected = new Error('cannot encode (injected)');

/** The next call of `object[method]` whose arguments `matches` accepts throws `injected`. */
function throwOnce<T extends object>(
  object: T,
  method: keyof T & string,
  matches: (...args: unknown[]) => boolean = () => true,
): void {
  const original = object[method] as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(object, method as never).mockImplementation(function (
    this: unknown,
    ...args: unknown[]
  ) {
    if (!matches(...args)) return original.apply(this, args);
    spy.mockRestore();
    throw injected;
  } as never);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
/** A store commit's record entries, as the journal encodes them. */
const commitOf =
  (accept: (entry: Record<string, unknown>) => boolean) =>
  (value: unknown): boolean =>
    Array.isArray(value) && value.some((entry) => isObject(entry) && accept(entry));

/**
 * Makes the journal part of `change` throw while it is encoded, inside the unit of work:
 * the part each change reports on its own (store commits, the scenario, the restored state).
 */
const FAIL_PART: Partial<Record<Change, () => void>> = {
  order: () =>
    throwOnce(
      JSON,
      'stringify',
      commitOf((entry) => entry.k === 'orders'),
    ),
  'top-up': () =>
    throwOnce(
      JSON,
      'stringify',
      commitOf(
        (entry) => entry.k === 'transactions' && isObject(entry.r) && entry.r.kind === 'top_up',
      ),
    ),
  'scenario load': () =>
    throwOnce(
      JSON,
      'stringify',
      (value) => isObject(value) && Array.isArray(value.accounts) && Array.isArray(value.plans),
    ),
  'snapshot restore': () => throwOnce(StateSlices.prototype, 'exportText'),
};

/** Makes the next journal line throw while the writer encodes it (its text into bytes). */
const failLine = () =>
  throwOnce(
    Buffer,
    'from',
    (value) => typeof value === 'string' && /^[0-9a-f]{8} \{"v":1,/.test(value),
  );

/**
 * Runs `change` with its journal line failing as `fail` arranges; checks it answers 503, that
 * memory and, after a restart, the file are as before, and that writes resume.
 */
async function refusedWhole(
  name: string,
  change: Change,
  fail: (fault: DiskFault) => void,
  expectErrors: unknown[],
) {
  const file = join(dir(), `${name}.json`);
  const fault = new DiskFault();
  const server = await openFaulty(file, fault);
  expect((await server.call('POST', '/__admin/snapshots', { name: 'clean' })).status).toBe(201);
  expect((await server.call('POST', '/orders', ORDER, 'before')).status).toBe(200);
  const before = await view(server.call);
  const [method, path, body] = CHANGES[change];
  const send = () => server.call(method, path, body, 'during');

  fail(fault);
  const refused = await send();
  fault.mode = 'off';
  expect([refused.status, refused.body]).toEqual([503, { error: 'state_unavailable' }]);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  // Not applied: memory shows the state as it was, and so does the file after a restart.
  expect(await view(server.call)).toEqual(before);
  expect(server.errors).toEqual(expectErrors);
  const retried = await untilWritable(send);
  expect(retried.status, JSON.stringify(retried.body)).toBeLessThan(300);
  const after = await view(server.call);
  expect(after).not.toEqual(before);
  expect(server.warnings).toEqual([
    expect.stringMatching(/^cannot (write|encode a line of) the journal: .*503 state_unavailable/),
    expect.stringMatching(/writes resume/),
  ]);
  await server.close();

  const reopened = await openState(file);
  onTestFinished(() => reopened.server.close());
  const call: Call = (m, p, b) => reopened.call(m, p, b === undefined ? {} : { body: b });
  const restarted = await view(call);
  // A clock unfrozen by the change ran on meanwhile.
  if (!after.state.frozen) {
    delete after.state.now;
    delete restarted.state.now;
  }
  expect(restarted).toEqual(after);
}

describe('a change whose journal part cannot be encoded', () => {
  it.each(Object.keys(FAIL_PART) as Change[])(
    '%s answers 503 and is not applied, in memory or on disk',
    async (change) => {
      const fail = FAIL_PART[change] as () => void;
      await refusedWhole(`part-${change}`, change, fail, [injected]);
    },
  );
});

describe('a change whose journal line the writer cannot encode', () => {
  it.each(Object.keys(CHANGES) as Change[])(
    '%s answers 503 and is not applied, in memory or on disk',
    async (change) => {
      await refusedWhole(`line-${change}`, change, failLine, [injected]);
    },
  );
});

describe.each(['write', 'datasync'] as const)(
  'an admin change when the journal %s fails',
  (mode) => {
    it.each(ADMIN_CHANGES)(
      '%s answers 503 and is not applied, in memory or on disk',
      async (change) => {
        await refusedWhole(
          `${mode}-${change}`,
          change,
          (fault) => {
            fault.mode = mode;
          },
          [],
        );
      },
    );
  },
);
