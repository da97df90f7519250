import type { OperationId } from '@refapi/schema';
import { REDACTED, redactHeaders } from '@refapi/schema/client';
import { API_KEY_PREFIX } from '@refapi/schema/values';
import ky, {
  type Hooks,
  isHTTPError,
  isKyError,
  isTimeoutError,
  type KyInstance,
  type Options,
  type RetryOptions,
} from 'ky';
import { ConnectionError, TimeoutError, UserAbortError } from '../errors/client-errors';
import { RefSdkError, saysReplayed } from '../errors/ref-error';
import type { ClientHooks } from '../hooks';
import type { FetchFunction, RequestOptions } from '../options';
import { VERSION } from '../version';
import { attemptFetch } from './attempt-fetch';
import { boundedFetch, cutShortFacts } from './bounded-fetch';
import { CallFacts } from './call-facts';
import { isHookError, kyHooksFor, runBeforeError } from './client-hooks';
import { errorFromResponse } from './error-from-response';
import { attemptTimeoutWhat } from './hook-limits';
import type { LevelLogger } from './log';
import { checkCallOptions, IDEMPOTENCY_HEADER, jsonBody } from './option-checks';
import { sameOriginRedirects } from './redirects';
import { retryOptions } from './retry-policy';
import { HttpClientTelemetry } from './telemetry/http-client-telemetry';
import { loadOtelApi } from './telemetry/otel-api';

/** Settings of the transport, resolved from the client options. */
export interface TransportConfig {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly fetch: FetchFunction | undefined;
  readonly timeout: number;
  readonly totalTimeout: number | undefined;
  readonly maxRetries: number;
  readonly maxRetryAfterMs: number;
  /** Largest response body read, in bytes; past it the call fails and the connection drops. */
  readonly maxResponseBytes: number;
  readonly userAgent: string | undefined;
  readonly log: LevelLogger;
  /** Whether to look for `@opentelemetry/api` and instrument each attempt with it. */
  readonly telemetry: boolean;
  /** The user's hooks; undefined when none was given. */
  readonly hooks: ClientHooks | undefined;
}

/** One logical call; retries happen inside `send`. */
export interface SendInit {
  readonly operationId: OperationId;
  /** The contract's path template, e.g. `/services/{service_ref}`. */
  readonly urlTemplate: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path relative to the base URL, without a leading slash. */
  readonly path: string;
  readonly query?: Record<string, string | number | boolean | undefined> | undefined;
  readonly body?: unknown;
  readonly idempotencyKey?: string | undefined;
  readonly options?: RequestOptions | undefined;
}

/** What a call's failed attempts leave open; ky's `context` carries it to `beforeRetry`. */
interface CallAttempts {
  /** An attempt failed in a way that leaves open whether the server carried it out. */
  earlierMayHaveRun: boolean;
}

// Statuses that say the attempt was refused before anything ran: the key in use by another
// request, or the rate limit.
const REFUSED_BEFORE_RUNNING = new Set([409, 429]);

// The successful answers of calls with such an attempt before: see `answeredAfterUncertainAttempt`.
const answersAfterUncertainAttempt = new WeakSet<Response>();

/**
 * Whether an earlier attempt of `response`'s call failed without saying whether the server
 * carried it out (a connection cut, a timeout, a 5xx): a replayed answer may then be the
 * stored result of that very attempt, not of an earlier call.
 */
const answeredAfterUncertainAttempt = (response: Response): boolean =>
  answersAfterUncertainAttempt.has(response);

/**
 * Whether a write's answer is the stored result of an earlier call with its key: the body
 * (`idempotent_replayed`) or only the header (a proxy's replay) says so, and it does not
 * answer a retry after an attempt of this very call whose outcome was lost (that attempt
 * made it: this call did).
 */
export const replayedByEarlierCall = (body: unknown, response: Response): boolean =>
  ((body as { idempotent_replayed?: unknown } | undefined)?.idempotent_replayed === true ||
    saysReplayed(response.headers)) &&
  !answeredAfterUncertainAttempt(response);

/** Sends calls through one ky instance and turns every failure into a typed SDK error. */
export class Transport {
  readonly #ky: KyInstance;
  readonly #config: TransportConfig;
  // Retry options of calls without a signal or deadline depend on nothing else: built once
  // per (limit, idempotency) instead of per call.
  readonly #plainRetry = new Map<string, RetryOptions>();
  readonly #fetch: FetchFunction;
  // Set once `@opentelemetry/api` was looked for: the instrumentation, or undefined without it.
  #telemetry: HttpClientTelemetry | undefined;
  // Pending while the API is being looked for; calls made meanwhile wait for the answer.
  #telemetryReady: Promise<void> | undefined;

  constructor(config: TransportConfig) {
    this.#config = config;
    if (config.telemetry) {
      this.#telemetryReady = loadOtelApi().then((api) => {
        this.#telemetry = api === undefined ? undefined : new HttpClientTelemetry(api, VERSION);
        this.#telemetryReady = undefined;
      });
    }
    const headers: Record<string, string> = {
      authorization: `Bearer ${config.apiKey}`,
      accept: 'application/json',
    };
    if (config.userAgent) headers['user-agent'] = config.userAgent;
    const origin = new URL(config.baseUrl).origin;
    this.#fetch = boundedFetch(sameOriginRedirects(config.fetch, origin), config.maxResponseBytes);
    this.#ky = ky.create({
      prefix: config.baseUrl,
      headers,
      timeout: config.timeout,
      // Redirects come back to sameOriginRedirects, which never follows one off the origin.
      redirect: 'manual',
      // throwHttpErrors stays ky's default (true): every option set here is merged per call.
      hooks: this.#hooks(),
      stringifyJson: jsonBody,
      // Bodies are read inside ky's fetch, so its per-attempt timeout covers them too.
      fetch: this.#fetch,
    });
  }

  /** The base URL every path is resolved against (what a plan is bound to). */
  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  /** Sends one call and resolves to the successful response. */
  async send(init: SendInit): Promise<Response> {
    if (this.#telemetryReady !== undefined) await this.#telemetryReady;
    const options = init.options ?? {};
    if (init.options !== undefined) checkCallOptions(options);
    const totalTimeout = options.totalTimeout ?? this.#config.totalTimeout;
    const deadlineSignal =
      totalTimeout === undefined ? undefined : AbortSignal.timeout(totalTimeout);
    const userSignal = options.signal;
    const signal =
      userSignal && deadlineSignal
        ? AbortSignal.any([userSignal, deadlineSignal])
        : (userSignal ?? deadlineSignal);
    // Only what differs from the instance defaults: ky deep-merges every option per call.
    const kyOptions: Options = {
      method: init.method,
      retry: this.#retry(
        options.maxRetries ?? this.#config.maxRetries,
        init.idempotencyKey !== undefined,
        signal,
        totalTimeout,
      ),
    };
    if (options.headers || init.idempotencyKey !== undefined) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(options.headers ?? {})) {
        // Lower case, as the client's own headers are: ky merges the two objects by key, so
        // `Authorization` beside `authorization` would send both values joined by a comma
        // instead of replacing the client's.
        const lower = name.toLowerCase();
        // The key is the call's own (`givenIdempotencyKey`): sent once, under one name.
        if (lower !== IDEMPOTENCY_HEADER) headers[lower] = value;
      }
      if (init.idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = init.idempotencyKey;
      kyOptions.headers = headers;
    }
    if (init.query) kyOptions.searchParams = init.query;
    if (init.body !== undefined) kyOptions.json = init.body;
    if (signal) kyOptions.signal = signal;
    if (options.timeout !== undefined) kyOptions.timeout = options.timeout;
    const attempts: CallAttempts = { earlierMayHaveRun: false };
    kyOptions.context = { attempts };
    const { hooks } = this.#config;
    const telemetry = this.#telemetry?.active() ? this.#telemetry : undefined;
    // Without telemetry, hooks or a signal a call costs nothing more than before: no per-call
    // layer. With a signal, its latest attempt is what a UserAbortError looks up the response of.
    let facts: CallFacts | undefined;
    if (telemetry !== undefined || hooks !== undefined || userSignal !== undefined) {
      const timeout = options.timeout ?? this.#config.timeout;
      facts = new CallFacts({
        operationId: init.operationId,
        urlTemplate: init.urlTemplate,
        userSignal,
        timeoutMs: timeout,
        deadlineSignal,
        totalTimeoutMs: totalTimeout,
      });
      kyOptions.context = { call: facts, attempts };
      kyOptions.fetch = attemptFetch(this.#fetch, facts, telemetry, hooks?.afterResponse);
    }
    try {
      const response = await this.#ky(init.path, kyOptions);
      if (attempts.earlierMayHaveRun) answersAfterUncertainAttempt.add(response);
      const { log } = this.#config;
      // A constructed Response (the reference server's in-process fetch, msw) has an empty
      // url: the line then names the request's. The log redacts credentials in either.
      if (log.enabled('debug')) {
        log.debug(`← ${response.status} ${init.method} ${response.url || this.urlOf(init)}`);
      }
      return response;
    } catch (error) {
      const failure = await this.#toSdkError(error, init, {
        userSignal: options.signal,
        deadlineSignal,
        totalTimeout,
        timeout: options.timeout ?? this.#config.timeout,
        lastRequest: facts?.lastRequest,
      });
      const beforeError = hooks?.beforeError;
      if (facts === undefined || beforeError === undefined || beforeError.length === 0) {
        throw failure;
      }
      throw await runBeforeError(beforeError, facts, failure, {
        method: init.method,
        url: this.urlOf(init),
      });
    }
  }

  async #toSdkError(
    error: unknown,
    init: SendInit,
    ctx: {
      userSignal: AbortSignal | undefined;
      deadlineSignal: AbortSignal | undefined;
      totalTimeout: number | undefined;
      timeout: number;
      /** The request of the call's latest attempt; known when the call has a signal. */
      lastRequest: Request | undefined;
    },
  ): Promise<unknown> {
    if (error instanceof RefSdkError || isHookError(error)) return error;
    if (isHTTPError(error)) {
      return errorFromResponse(error.response, error.request.method, error.request.url);
    }
    const url = this.urlOf(init);
    const { method } = init;
    // A caller's own abort is a class of its own, its reason the cause (not a timeout). When it
    // cut the latest attempt's response short, the error names that response.
    if (ctx.userSignal?.aborted) {
      const reason: unknown = ctx.userSignal.reason;
      return new UserAbortError({ method, url, reason, ...cutShortFacts(ctx.lastRequest, reason) });
    }
    // ky's errors hold the Request, whose headers hold the key: never keep them as a cause;
    // what a NetworkError wraps (fetch's own error: a reset, a refusal) is what went wrong.
    const cause = isKyError(error) ? error.cause : error;
    // A timeout while the body was read: the response's headers had arrived, and name it.
    if (ctx.deadlineSignal?.aborted) {
      const what = 'exceeded its total timeout';
      const answered = cutShortFacts(ctx.deadlineSignal.reason);
      const timeoutMs = ctx.totalTimeout ?? 0;
      return new TimeoutError({ method, url, timeoutMs, what, cause, ...answered });
    }
    if (isTimeoutError(error)) {
      const what = attemptTimeoutWhat(error.request);
      const answered = cutShortFacts(error.request);
      return new TimeoutError({ method, url, timeoutMs: ctx.timeout, what, ...answered });
    }
    return new ConnectionError({ method, url, cause });
  }

  #retry(
    limit: number,
    hasIdempotencyKey: boolean,
    signal: AbortSignal | undefined,
    totalTimeout: number | undefined,
  ): RetryOptions {
    const build = () =>
      retryOptions({
        limit,
        maxRetryAfterMs: this.#config.maxRetryAfterMs,
        hasIdempotencyKey,
        signal,
        deadline: totalTimeout === undefined ? undefined : Date.now() + totalTimeout,
      });
    if (signal !== undefined || totalTimeout !== undefined) return build();
    const key = `${limit} ${hasIdempotencyKey}`;
    let plain = this.#plainRetry.get(key);
    if (plain === undefined) {
      plain = build();
      this.#plainRetry.set(key, plain);
    }
    return plain;
  }

  /** The absolute URL of a call's request, query included (for errors and logs). */
  urlOf(init: Pick<SendInit, 'path' | 'query'>): string {
    const url = new URL(init.path, `${this.#config.baseUrl}/`);
    for (const [k, v] of Object.entries(init.query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    return url.toString();
  }

  #hooks(): Hooks {
    const log = this.#config.log;
    const debug = log.enabled('debug');
    const user = this.#config.hooks === undefined ? {} : kyHooksFor(this.#config.hooks);
    // ky runs beforeRequest once per call and beforeRetry before each later attempt, so the
    // debug line of attempt N comes from whichever hook precedes it; it follows the user's
    // hooks so it shows the headers they set.
    // Headers by the one redaction rule of @refapi/schema, shared with the reference server's
    // journal and refctl; the log itself redacts credential query parameters of the URL.
    // The Idempotency-Key is redacted among them ("key" in its name) and shown on its own,
    // as the journal keeps it: what matches a retry to its original.
    // A key that is, or holds, an API key (`idempotencyKey: process.env.REF_API_KEY`, the wrong
    // variable) is a credential: redacted, as the reference server's journal redacts it.
    const apiKey = this.#config.apiKey;
    const shownKey = (key: string) =>
      key.includes(API_KEY_PREFIX) || key.includes(apiKey) ? REDACTED : key;
    const logAttempt = (request: Request, retryCount: number) => {
      const idempotencyKey = request.headers.get('idempotency-key');
      log.debug(`→ ${request.method} ${request.url}`, {
        attempt: retryCount + 1,
        headers: redactHeaders(request.headers),
        ...(idempotencyKey !== null && { idempotencyKey: shownKey(idempotencyKey) }),
      });
    };
    // Any beforeRequest hook costs ky a pass per call: install one only to log or for the user.
    const beforeRequest = [
      ...(user.beforeRequest ?? []),
      ...(debug
        ? [
            ({ request, retryCount }: { request: Request; retryCount: number }) =>
              logAttempt(request, retryCount),
          ]
        : []),
    ];
    return {
      ...(beforeRequest.length > 0 && { beforeRequest }),
      beforeRetry: [
        ({ request, error, retryCount, options }) => {
          const attempts = (options.context as { attempts?: CallAttempts }).attempts;
          if (
            attempts &&
            !(isHTTPError(error) && REFUSED_BEFORE_RUNNING.has(error.response.status))
          ) {
            attempts.earlierMayHaveRun = true;
          }
          // Free the failed attempt's connection; a body already read just ignores this.
          if (isHTTPError(error)) void error.response.body?.cancel().catch(() => undefined);
          const reason = isHTTPError(error) ? `status ${error.response.status}` : error.message;
          log.info(
            `retrying ${request.method} ${request.url} (${retryCount}/${options.retry.limit ?? '?'}): ${reason}`,
          );
        },
        ...(user.beforeRetry ?? []),
        ...(debug
          ? [
              ({ request, retryCount }: { request: Request; retryCount: number }) =>
                logAttempt(request, retryCount),
            ]
          : []),
      ],
    };
  }
}
