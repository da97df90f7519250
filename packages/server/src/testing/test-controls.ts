import type { OperationId } from '@refapi/schema';
import type { HttpHandler } from 'msw';
import type { Faults } from '../controls/faults';
import type { DurationInput } from '../domain/duration';
import { demoScenario } from '../scenario/demo';
import type { Scenario, ScenarioInput } from '../scenario/schema';
import { parseScenario } from '../scenario/validate';
import { createReferenceCore, type ReferenceCore } from '../server/reference-core';
import type { ClockMove, ClockState, ClockView, TopUpTransaction } from '../state/control-plane';
import type { FailNextOptions } from '../state/fail-next-queue';
import { createMswHandlers } from '../transport/web/msw-handlers';
import {
  type JournalEntry,
  type RequestExpectation,
  type RequestFilter,
  TestJournal,
} from './journal';
import { ScenarioBuilder } from './scenario-builder';

/**
 * What msw does with a request no handler answers (the reference server answers its whole
 * origin; this is about other hosts): msw's modes, or a function of your own.
 */
export type UnhandledRequestStrategy =
  | 'error'
  | 'warn'
  | 'bypass'
  | ((request: Request, print: { warning(): void; error(): void }) => void);

/** Options shared by `setupRefServer`, `createRefTestServer` and `setupRefWorker`. */
export interface RefTestOptions {
  /** A `scenario()` builder (built for you) or a Scenario document. Default: the demo. */
  readonly scenario?: ScenarioBuilder | ScenarioInput;
  /**
   * Requests to other hosts that no handler answers. `'error'` (default in Node): msw
   * fails the request and the test fails after it, even if the app swallowed the error;
   * `'warn'`: a warning only; `'bypass'`: they go to the network (default of
   * `setupRefWorker`); a function: called with each one, the test goes on.
   */
  readonly onUnhandledRequest?: UnhandledRequestStrategy;
  /** Base URL the handlers answer. Default `https://api.ref.test/v1`. */
  readonly baseUrl?: string;
  /** Start time of the server clock, overriding the scenario's `now`. */
  readonly now?: string | number | Date;
}

/** The msw calls the controls need; setupServer and setupWorker both have them. */
export interface HandlerHost {
  use(...handlers: HttpHandler[]): void;
  resetHandlers(): void;
}

/** In-process control of a reference server in tests, mirroring the admin API. */
export interface RefTestControls {
  /** The reference server itself (`fetch`, `admin`, `handlers`, `store`). */
  readonly reference: ReferenceCore;
  /** The API base URL, e.g. `https://api.ref.test/v1`. */
  readonly baseUrl: string;
  /** The first API key of the first account of the scenario. */
  readonly apiKey: string;
  /** Every API key of the scenario, by account ref. */
  readonly keys: Readonly<Record<string, readonly string[]>>;
  /** The server clock (never moves backwards). */
  readonly clock: {
    now(): ClockState;
    /**
     * Moves the clock by seconds, `{ months: 1 }` or an ISO 8601 duration (`'P1M'`), then
     * applies what fell due on the way (renewals, suspensions, expiries, Shield grace ends)
     * and resolves to them. The clock itself moves at once, before the promise settles. A
     * move that could apply more than 100,000 events (every renewal paid) rejects with a 409
     * `DomainError` (`clock_limit_reached: …`) before the clock moves: move in smaller steps.
     * @example const { applied } = await ref.clock.advance({ months: 1 });
     */
    advance(duration: DurationInput): Promise<ClockMove>;
    set(now: string | Date): ClockState;
    freeze(frozen?: boolean): ClockState;
    /** The clock and the next 20 events that will fall due. */
    view(): ClockView;
  };
  /**
   * Raises an account's balance (account currency); its unpaid renewal invoices are then
   * settled oldest first while the balance covers them (`POST /__admin/top-ups`).
   */
  topUp(accountRef: string, amount: number): Promise<TopUpTransaction>;
  /** Pause the Shield module: 503 with `Retry-After` on every Shield operation. */
  readonly shield: { pause(retryAfterSeconds?: number): void; unpause(): void };
  /** Provider behaviour: power outcomes, the next Shield apply, added latency. */
  readonly faults: {
    power(mode: Faults['power']): void;
    shield(mode: Faults['shield']): void;
    latency(ms: number): void;
  };
  /** The request journal, oldest first, with the `failNext()` responses merged in. */
  requests(filter?: RequestFilter): JournalEntry[];
  /**
   * The one request matching `filter`; throws, listing the journal, when there are none or several.
   * A plan document (`client.orders.plan()`) matches the one request applying it sent.
   * @example ref.expectOneRequest({ operationId: 'createOrder', body: { plan_code: 'kvm-s' } })
   * @example await client.apply(plan); ref.expectOneRequest(plan)
   */
  expectOneRequest(filter: RequestExpectation): JournalEntry;
  /** The whole state as a scenario document. */
  state(): Scenario;
  /** Back to the scenario's state, default handlers and an empty journal. */
  reset(): Promise<void>;
  /**
   * Answers the next request of `operationId` that passes authentication and authorization
   * with `status` and `{error}` instead of the operation (queued calls fail in the order
   * given): the server's `fail-next` queue; the store never sees the request.
   * @example ref.failNext('createOrder', 429, { retryAfter: 1 })
   */
  failNext(operationId: OperationId, status: number, options?: FailNextOptions): void;
}

/** Builds a scenario option into a document. */
function scenarioDocument(source: RefTestOptions['scenario']): unknown {
  if (source instanceof ScenarioBuilder) return source.build();
  return source ?? demoScenario;
}

function keysByAccount(scenario: Scenario): Record<string, string[]> {
  const keys: Record<string, string[]> = {};
  for (const account of scenario.accounts) {
    keys[account.account_ref] = account.api_keys.map((key) => key.token);
  }
  return keys;
}

/** Creates a reference server and the test controls over it, bound to an msw host. */
export function createTestControls(
  options: RefTestOptions,
  host: () => HandlerHost,
): RefTestControls {
  const document = scenarioDocument(options.scenario);
  const keys = keysByAccount(parseScenario(document));
  const { core, basePath } = createReferenceCore(
    {
      scenario: document,
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.now === undefined ? {} : { now: options.now }),
    },
    undefined,
    undefined,
    createMswHandlers,
  );
  const { admin } = core;
  const journal = new TestJournal(core, basePath);

  return {
    reference: core,
    baseUrl: core.baseUrl,
    get apiKey(): string {
      const first = Object.values(keys)[0]?.[0];
      if (first === undefined) {
        throw new Error('the scenario has no API key: add one, e.g. scenario().account().key()');
      }
      return first;
    },
    keys,
    clock: {
      now: () => admin.clock.now(),
      advance: (duration) => admin.clock.move(duration),
      set: (now) => admin.clock.set(now),
      freeze: (frozen) => admin.clock.freeze(frozen),
      view: () => admin.clock.view(),
    },
    topUp: (accountRef, amount) => admin.topUp(accountRef, amount),
    shield: admin.shield,
    faults: {
      power: (power) => void admin.faults.set({ power }),
      shield: (shield) => void admin.faults.set({ shield }),
      latency: (latencyMs) => void admin.faults.set({ latencyMs }),
    },
    requests: (filter) => journal.list(filter),
    expectOneRequest: (filter) => journal.one(filter),
    state: () => admin.state(),
    async reset() {
      host().resetHandlers();
      await admin.reset();
    },
    // The server's own queue (`POST /__admin/fail-next`): answered by the dispatcher only to
    // a request that passes authentication and authorization (spec section 8), journaled there.
    failNext: (operationId, status, failure = {}) => admin.failNext(operationId, status, failure),
  };
}
