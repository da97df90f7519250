import type { IdempotencyEntry, IdempotencyFork } from '../domain/idempotency';
import type { ExtensionsFork } from '../extensions/live-extensions';
import type { Scenario } from '../scenario/schema';
import { recordEntry } from './record-entry';
import type { ServerContext } from './server-context';
import { type StateSlice, StateSlices } from './state-slice';

/** The server clock: `now` and `frozen` of the state document; the log stamps each line with it. */
const clockSlice = ({ clock }: ServerContext): StateSlice<{ ms: number; frozen: boolean }> => ({
  name: 'clock',
  load: (scenario, startMs) => clock.restart(startMs, scenario.frozen ?? false),
  export: (nowMs) => ({ now: new Date(nowMs).toISOString(), frozen: clock.frozen }),
  fork: () => ({ ms: clock.nowMs(), frozen: clock.frozen }),
  restore: ({ ms, frozen }) => clock.restart(ms, frozen),
});

/** The records (accounts, plans, services…): forks share them until either side writes. */
const recordsSlice = ({ store }: ServerContext): StateSlice<ReturnType<typeof store.fork>> => ({
  name: 'records',
  load: (scenario, startMs, trust) => store.load(scenario, startMs, trust),
  export: () => store.exportRecords(),
  exportPieces: () => store.exportRecordsPieces(),
  fork: () => store.fork(),
  restore: (fork) => store.restore(fork),
  wal: {
    follow: (report) =>
      store.onCommit(({ changes, replaced }) => {
        report(() => ({
          commit: JSON.stringify(changes.map((change, i) => recordEntry(change, replaced[i]))),
        }));
      }),
    replay: (entry, { records }) => {
      for (const commit of entry.commits ?? []) records.add(commit);
    },
  },
});

/**
 * The schedule of due events (`account-time.ts`): derived from the records, so nothing of
 * it is exported or logged; a load or a restored fork rebuilds it at the next check.
 */
const timeSlice = ({ time }: ServerContext): StateSlice<null> => ({
  name: 'account-time',
  load: () => time.invalidate(),
  fork: () => null,
  restore: () => time.invalidate(),
});

/** Stored idempotent responses (24 h): forks share them until either side writes. */
const idempotencySlice = ({ idempotency }: ServerContext): StateSlice<IdempotencyFork> => ({
  name: 'idempotency',
  load: (scenario) => idempotency.import((scenario.idempotency ?? []) as IdempotencyEntry[]),
  export: (nowMs) => ({
    idempotency: idempotency.export(nowMs) as Scenario['idempotency'] & object,
  }),
  exportPieces: (nowMs) => ['"idempotency":', ...idempotency.exportPieces(nowMs)],
  fork: () => idempotency.fork(),
  restore: (fork) => idempotency.restore(fork),
  wal: {
    follow: (report) => idempotency.onComplete((text) => report(() => ({ idempotency: text() }))),
    // The schema allows `text: undefined` where the type has no such member; JSON never does.
    replay: (entry) => {
      for (const stored of entry.idempotency ?? []) idempotency.put(stored as IdempotencyEntry);
    },
  },
});

/** Rate-limit windows: never exported nor kept; every load, and every fork, starts afresh. */
const rateLimitSlice = ({ rateLimiter }: ServerContext): StateSlice<null> => ({
  name: 'rate-limits',
  load: () => rateLimiter.clear(),
  fork: () => null,
  restore: () => rateLimiter.clear(),
});

/** Failures queued by `POST /__admin/fail-next`: dropped by a load or reset; not in forks. */
const failNextSlice = ({ failNext }: ServerContext): StateSlice<null> => ({
  name: 'fail-next',
  load: () => failNext.clear(),
  fork: () => null,
  restore: () => {},
});

/** Extension modules (Shield): `extensions` of the state document; their changes by name. */
const extensionsSlice = ({ extensions }: ServerContext): StateSlice<ExtensionsFork> => ({
  name: 'extensions',
  load: (scenario) => extensions.load(scenario.extensions),
  export: () => {
    const exported = extensions.export();
    return exported === undefined ? {} : { extensions: exported };
  },
  fork: () => extensions.fork(),
  restore: (fork) => extensions.restore(fork),
  wal: {
    follow: (report) =>
      extensions.onChange((name, change) =>
        report(() => ({ extension: JSON.stringify([name, change]) })),
      ),
    // Looked up by name among the registered modules; an unknown name throws.
    replay: (entry) => {
      for (const [name, change] of entry.extensions ?? []) extensions.applyChange(name, change);
    },
  },
});

/**
 * The admin controls (`src/controls`): back to their initial values on every load; the
 * snapshot header and the log's line stamps carry them (see `createStamper`).
 */
const controlsSlice = ({ controls }: ServerContext): StateSlice<Record<string, unknown>> => ({
  name: 'controls',
  load: () => controls.reset(),
  fork: () => controls.export(),
  restore: (exported) => controls.import(exported),
  wal: {
    replay: (entry) => {
      if (entry.controls !== undefined) controls.import(entry.controls);
    },
  },
  header: { export: () => controls.export(), import: (exported) => controls.import(exported) },
});

/**
 * Every slice of a server's state, in load order (the state document's member order too).
 * A new piece of state is one slice here.
 */
export const serverSlices = (ctx: ServerContext): StateSlices =>
  new StateSlices([
    clockSlice(ctx),
    recordsSlice(ctx),
    timeSlice(ctx),
    idempotencySlice(ctx),
    rateLimitSlice(ctx),
    failNextSlice(ctx),
    extensionsSlice(ctx),
    controlsSlice(ctx),
  ]);
