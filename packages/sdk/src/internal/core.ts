import type { OperationId } from '@refapi/schema';
import { buildPath, isIdempotencyKey, routes } from '@refapi/schema/client';
import { API_KEY_PREFIX } from '@refapi/schema/values';
import { ApiPromise, type ApiResponse } from '../api-promise';
import { ConfigurationError } from '../errors/client-errors';
import type { RequestOptions } from '../options';
import { Page, type PageContext, type PageData } from '../pagination/page';
import { type ListOptions, PagePromise } from '../pagination/page-promise';
import { parseRateLimit } from '../rate-limit';
import type { ApiResult } from '../result-meta';
import type { BodyOf, PathParamsOf, QueryOf, SuccessOf } from './operation-types';
import { checkMaxItems, checkQuery, givenIdempotencyKey, kindOf } from './option-checks';
import { readSuccess } from './read-success';
import { readRequestId } from './request-id';
import type { ResponseChecker } from './response-check';
import { randomUuid } from './runtime';
import { replayedByEarlierCall, type SendInit, type Transport } from './transport';

/** Inputs of one call of operation K. */
export interface CallInput<K extends OperationId> {
  readonly path?: PathParamsOf<K>;
  readonly query?: QueryOf<K> | undefined;
  readonly body?: BodyOf<K>;
  readonly options?: RequestOptions | undefined;
}

type Query = Record<string, string | number | boolean | undefined>;

/** Attaches `rateLimit` (and any extra metadata) as non-enumerable properties. */
export function withMeta<T>(data: T, meta: Record<string, unknown>): T {
  if (typeof data !== 'object' || data === null) return data;
  for (const key in meta) {
    Object.defineProperty(data, key, { value: meta[key], enumerable: false, configurable: true });
  }
  return data;
}

/**
 * The route's path with `params` filled in; a parameter it cannot hold is the caller's error:
 * a reference that is no string (`[]` from JavaScript), empty, `.`, `..` or one holding an API
 * key. The calls and the plan methods check their references here, so both refuse one alike.
 */
export function filledPath(route: (typeof routes)[OperationId], params: unknown): string {
  for (const [name, value] of Object.entries(params ?? {})) {
    // Left to the template, `[]` filled an empty segment, `['REF-SVC-1']` the service it holds.
    if (value !== undefined && typeof value !== 'string') {
      throw new ConfigurationError(
        `path parameter ${name} must be a string, got ${kindOf(value)}.`,
      );
    }
    // The wrong variable (`services.get(process.env.REF_API_KEY)`): sent, the key would be in
    // the URL, so in the error message, the debug log, telemetry and every proxy's access log.
    if (value?.includes(API_KEY_PREFIX)) {
      throw new ConfigurationError(
        `path parameter ${name} holds an API key (${API_KEY_PREFIX}…), not a reference; nothing was sent.`,
      );
    }
  }
  try {
    return buildPath(route, params as Record<string, string> | undefined);
  } catch (error) {
    throw new ConfigurationError(`${(error as Error).message}.`);
  }
}

/**
 * The one place that turns an operationId of the contract into an HTTP exchange; every
 * resource method is a line over `call` or `list`.
 */
export class Core {
  readonly #transport: Transport;
  readonly #checker: ResponseChecker;

  constructor(transport: Transport, checker: ResponseChecker) {
    this.#transport = transport;
    this.#checker = checker;
  }

  /** The base URL every path is resolved against (what a plan is bound to). */
  get baseUrl(): string {
    return this.#transport.baseUrl;
  }

  /** Calls operation K and resolves to its parsed result. */
  call<K extends OperationId>(
    operationId: K,
    input: CallInput<K> = {},
  ): ApiPromise<ApiResult<SuccessOf<K>>> {
    return new ApiPromise(this.#exchange(operationId, input));
  }

  /** Calls list operation K with a cursor; `adapt` reads the envelope into a page. */
  list<K extends OperationId, T>(
    operationId: K,
    input: CallInput<K> & ListOptions,
    adapt: (body: SuccessOf<K>) => PageData<T>,
  ): PagePromise<T> {
    const query = (input.query ?? {}) as Query;
    const initialCursor = typeof query.cursor === 'string' ? query.cursor : undefined;
    const context: PageContext<T> = {
      operationId,
      initialCursor,
      fetchPage: (cursor) => fetchPage(cursor),
      maxItems: input.maxItems,
    };
    const fetchPage = async (cursor: string | undefined): Promise<ApiResponse<Page<T>>> => {
      const pageInput = { ...input, query: { ...query, cursor } } as unknown as CallInput<K>;
      const res = await this.#exchange(operationId, pageInput);
      const data = adapt(res.data as SuccessOf<K>);
      const page = new Page(data, res.rateLimit, context, res.requestId);
      return {
        data: page,
        response: res.response,
        rateLimit: res.rateLimit,
        requestId: res.requestId,
        replayed: res.replayed,
      };
    };
    // Checked once, for the list: refused as a call's other options are, it rejects before
    // anything is sent.
    const firstPage = (async () => {
      checkQuery(input.query);
      checkMaxItems(input.maxItems);
      return fetchPage(initialCursor);
    })();
    return new PagePromise(firstPage, input);
  }

  async #exchange<K extends OperationId>(
    operationId: K,
    input: CallInput<K>,
  ): Promise<ApiResponse<ApiResult<SuccessOf<K>>>> {
    const route = routes[operationId];
    checkQuery(input.query);
    const idempotencyKey =
      givenIdempotencyKey(input.options) ?? (route.idempotencyKey ? randomUuid() : undefined);
    // Caught here, a bad key is a clear error; sent, it could not even form a valid header.
    if (idempotencyKey !== undefined && !isIdempotencyKey(idempotencyKey)) {
      throw new ConfigurationError(
        'idempotencyKey must be 1-128 characters of A-Z, a-z, 0-9 and _ . : -',
      );
    }
    const send: SendInit = {
      operationId,
      urlTemplate: route.path,
      method: route.method,
      // Most paths hold no parameter: no template to fill then.
      path: (route.path.includes('{') ? filledPath(route, input.path) : route.path).slice(1),
      query: input.query as Query | undefined,
      body: input.body,
      idempotencyKey,
      options: input.options,
    };
    const response = await this.#transport.send(send);
    const rateLimit = parseRateLimit(response.headers);
    const requestId = readRequestId(response.headers);
    const data = await readSuccess(route, response, this.#checker, {
      transport: this.#transport,
      init: send,
    });
    return {
      data: withMeta(data, { rateLimit, requestId }) as ApiResult<SuccessOf<K>>,
      response,
      rateLimit,
      requestId,
      replayed: replayedByEarlierCall(data, response),
    };
  }
}
