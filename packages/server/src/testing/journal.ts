import type { OperationId, RequestPlan } from '@refapi/schema';
import type { ReferenceCore } from '../server/reference-core';
import type { RequestEntry } from '../state/server-context';
import { containsSubset, parseJsonBody, queryContains } from './request-match';

/** One request as the test kit shows it: the server's journal entry plus its operation. */
export interface JournalEntry extends RequestEntry {
  /** The contract operation the request matched; undefined for unknown paths. */
  readonly operationId: OperationId | undefined;
  /** True when `failNext()` answered it (the server's fail-next queue): the store never saw it. */
  readonly injected: boolean;
}

/** Narrows `requests()`; every given field must match. */
export interface RequestFilter {
  readonly operationId?: OperationId;
  /** `GET`, `POST`, … (case-insensitive). */
  readonly method?: string;
  /** The path relative to the base URL (`/orders`) or in full (`/v1/orders`); or a RegExp over the full path. */
  readonly path?: string | RegExp;
  readonly status?: number;
  readonly accountRef?: string;
  /** `false`: only what reached the server; `true`: only `failNext()` responses. */
  readonly injected?: boolean;
  /** The JSON request body holds these fields (deeply; arrays and values compare exactly). */
  readonly body?: unknown;
  /** The query string carries these parameters with these values. */
  readonly query?: Readonly<Record<string, string>>;
  readonly idempotencyKey?: string;
  /** `true`: only idempotent replays; `false`: only first answers. */
  readonly replayed?: boolean;
}

/**
 * What `expectOneRequest` takes: a filter, or a plan document (`client.orders.plan()`,
 * `refctl … --plan-out`) to find the one request that applying it sent.
 */
export type RequestExpectation = RequestFilter | RequestPlan;

/**
 * The filter of a plan's request: its method, path, idempotency key and body, first answers
 * only (applying the plan again is a replay of that one request, not another).
 */
function planFilter(plan: RequestPlan): RequestFilter {
  return {
    operationId: plan.operation,
    method: plan.method,
    path: plan.path,
    ...(plan.idempotency_key === null ? {} : { idempotencyKey: plan.idempotency_key }),
    ...(plan.body === null ? {} : { body: plan.body }),
    replayed: false,
  };
}

/** A filter as given, or the filter of a plan. */
export const toFilter = (expected: RequestExpectation): RequestFilter =>
  'plan_version' in expected ? planFilter(expected) : expected;

/** The server's request journal, annotated with operation ids and `failNext()` answers. */
export class TestJournal {
  constructor(
    private readonly core: ReferenceCore,
    private readonly basePath: string,
  ) {}

  /** Every request, oldest first, optionally filtered. */
  list(filter: RequestFilter = {}): JournalEntry[] {
    const all: JournalEntry[] = this.core.admin.requests().map((entry) => {
      const injected = entry.fault === 'fail-next';
      return {
        ...entry,
        // The test kit's name of the fault, as its `failNext()` call reads.
        ...(injected ? { fault: 'failNext' } : {}),
        operationId: (entry.operation ?? undefined) as OperationId | undefined,
        injected,
      };
    });
    return all.filter((entry) => matchesFilter(entry, filter, this.basePath));
  }

  /**
   * The one request matching `filter`; throws an error listing the journal when there is
   * none or more than one.
   */
  one(expected: RequestExpectation): JournalEntry {
    const filter = toFilter(expected);
    return expectOne(this.list(filter), () => this.list(), filter);
  }
}

function describe(filter: RequestFilter): string {
  return JSON.stringify(filter, (_key, value: unknown) =>
    value instanceof RegExp ? String(value) : value,
  );
}

/** Whether a journal entry matches every given field of `filter` (`basePath`: e.g. `/v1`). */
export function matchesFilter(
  entry: JournalEntry,
  filter: RequestFilter,
  basePath: string,
): boolean {
  if (filter.operationId !== undefined && entry.operationId !== filter.operationId) return false;
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.accountRef !== undefined && entry.account_ref !== filter.accountRef) return false;
  if (filter.injected !== undefined && entry.injected !== filter.injected) return false;
  if (filter.replayed !== undefined && entry.replayed !== filter.replayed) return false;
  if (filter.idempotencyKey !== undefined && entry.idempotency_key !== filter.idempotencyKey) {
    return false;
  }
  if (filter.query !== undefined && !queryContains(entry.query, filter.query)) return false;
  if (
    filter.body !== undefined &&
    !containsSubset(parseJsonBody(entry.request.body), filter.body)
  ) {
    return false;
  }
  const { path } = filter;
  if (path instanceof RegExp) return path.test(entry.path);
  if (path !== undefined) return entry.path === path || entry.path === `${basePath}${path}`;
  return true;
}

/**
 * The one entry found; else an error listing the whole journal (`all`, oldest first), so
 * the failing test shows what was sent instead.
 */
export function expectOne(
  found: readonly JournalEntry[],
  all: () => readonly JournalEntry[],
  filter: RequestFilter,
): JournalEntry {
  if (found.length === 1) return found[0] as JournalEntry;
  const entries = all();
  const lines = entries.map(
    (e) =>
      `  ${e.method} ${e.path}${e.query === '' ? '' : `?${e.query}`} → ${e.status}` +
      `${e.operationId === undefined ? '' : ` (${e.operationId})`}` +
      `${e.request.body === null ? '' : ` ${e.request.body.slice(0, 200)}`}`,
  );
  throw new Error(
    `expected exactly one request matching ${describe(filter)}, found ${found.length}.\n` +
      (entries.length === 0
        ? 'The journal is empty.'
        : `Journal (oldest first):\n${lines.join('\n')}`),
  );
}
