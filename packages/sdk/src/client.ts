import { maskUrlCredentials } from '@refapi/schema/client';
import type { PlannableOperation } from '@refapi/schema/request-plan';
import { ConfigurationError } from './errors/client-errors';
import type { ClientHooks } from './hooks';
import { baseUrlText } from './internal/base-url';
import { Core } from './internal/core';
import { createLevelLogger, parseLogLevel } from './internal/log';
import {
  checkClientOptions,
  checkMs,
  checkRetries,
  kindOf,
  resolveApiKey,
} from './internal/option-checks';
import { ResponseChecker } from './internal/response-check';
import { isBrowserLike, readEnv } from './internal/runtime';
import { Transport } from './internal/transport';
import { LOG_LEVELS, type Logger, type LogLevel } from './logger';
import { type ClientOptions, DEFAULTS } from './options';
import { type AppliedPlan, applyPlan } from './plans/apply-plan';
import type { ApplyOptions, PlanOf } from './plans/plan-request';
import { AccountResource } from './resources/account';
import { BalanceResource } from './resources/balance';
import { InvoicesResource } from './resources/invoices';
import { OrdersResource } from './resources/orders';
import { PlansResource } from './resources/plans';
import { ServicesResource } from './resources/services';
import { ShieldResource } from './resources/shield';
import { TransactionsResource } from './resources/transactions';
import { VERSION } from './version';

const HOOK_NAMES = ['beforeRequest', 'beforeRetry', 'afterResponse', 'beforeError'] as const;

// Undefined when no hook is given, so calls without hooks pay nothing for them.
function resolveHooks(hooks: ClientHooks | undefined): ClientHooks | undefined {
  if (hooks === undefined) return undefined;
  if (typeof hooks !== 'object' || hooks === null) {
    throw new ConfigurationError('hooks must be an object of arrays of functions.');
  }
  for (const name of Object.keys(hooks)) {
    const list = hooks[name as keyof ClientHooks];
    if (!(HOOK_NAMES as readonly string[]).includes(name)) {
      throw new ConfigurationError(
        `hooks.${name} is not a hook; the hooks are ${HOOK_NAMES.join(', ')}.`,
      );
    }
    if (
      list !== undefined &&
      !(Array.isArray(list) && list.every((h) => typeof h === 'function'))
    ) {
      throw new ConfigurationError(`hooks.${name} must be an array of functions.`);
    }
  }
  return HOOK_NAMES.some((name) => (hooks[name]?.length ?? 0) > 0) ? hooks : undefined;
}

// Only the methods of the levels written are called: a logger of warnings and errors may
// lack debug and info.
function checkLogger(logger: Logger | null | undefined, level: LogLevel): void {
  if (logger == null) return;
  const needed = LOG_LEVELS.slice(1, LOG_LEVELS.indexOf(level) + 1) as Exclude<LogLevel, 'off'>[];
  const missing = needed.filter((name) => typeof logger[name] !== 'function');
  if (missing.length > 0) {
    throw new ConfigurationError(
      `logger must have the methods ${needed.join(', ')} for logLevel ${level} (console fits); ${missing.join(', ')} missing.`,
    );
  }
}

function resolveBaseUrl(value: string | URL): string {
  // A URL object is taken as its text; anything else but a string would fail below as a TypeError.
  if (typeof value !== 'string' && !(value instanceof URL)) {
    throw new ConfigurationError(`baseUrl must be a string, got ${kindOf(value)}.`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Neither credentials nor a query (`?token=…`) are repeated in the message.
    const shown = maskUrlCredentials(String(value)).replace(/[?#].*$/s, '');
    throw new ConfigurationError(`baseUrl ${JSON.stringify(shown)} is not an absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`baseUrl must use http or https, got ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    // fetch refuses such URLs; the message shows the URL without them.
    url.username = '';
    url.password = '';
    throw new ConfigurationError(
      `baseUrl ${url.toString()} must not contain a user name or password; the API key authenticates.`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    // Each call appends its path and query to the base: `/me` would land after `?token=…`.
    // The query is not shown: it may hold a secret.
    throw new ConfigurationError(
      `baseUrl ${url.origin}${url.pathname} must not carry a query or a fragment; each call adds its own path and query.`,
    );
  }
  return baseUrlText(url);
}

/**
 * The typed client of the REF account API.
 * @example
 * const client = new RefClient({ apiKey: process.env.REF_API_KEY });
 * const account = await client.account.get();
 */
export class RefClient {
  /** The account identity. */
  readonly account: AccountResource;
  /** The account balance. */
  readonly balance: BalanceResource;
  /** Invoices. */
  readonly invoices: InvoicesResource;
  /** Orders: list and buy. */
  readonly orders: OrdersResource;
  /** Ledger transactions. */
  readonly transactions: TransactionsResource;
  /** Owned services, renewal and power. */
  readonly services: ServicesResource;
  /** The plan catalog. */
  readonly plans: PlansResource;
  /** Base URL every path is resolved against (ends in `/v1`). */
  readonly baseUrl: string;
  readonly #core: Core;

  constructor(options: ClientOptions = {}) {
    checkClientOptions(options);
    // The key lives only inside the transport's headers: never on a public field, never logged.
    const apiKey = resolveApiKey(options.apiKey, () => readEnv('REF_API_KEY'));
    checkRetries('maxRetries', options.maxRetries);
    // The deprecated `maxRetryAfter` (the same milliseconds) counts when the new name is absent.
    const maxRetryAfterMs = options.maxRetryAfterMs ?? options.maxRetryAfter;
    checkMs('maxRetryAfterMs', maxRetryAfterMs);
    checkMs('timeout', options.timeout);
    checkMs('totalTimeout', options.totalTimeout);
    const maxResponseBytes = options.maxResponseBytes ?? DEFAULTS.maxResponseBytes;
    if (!(Number.isSafeInteger(maxResponseBytes) && maxResponseBytes > 0)) {
      throw new ConfigurationError(
        `maxResponseBytes must be a positive whole number of bytes, got ${maxResponseBytes}.`,
      );
    }
    this.baseUrl = resolveBaseUrl(options.baseUrl ?? readEnv('REF_BASE_URL') ?? DEFAULTS.baseUrl);
    const logLevel = options.logLevel ?? parseLogLevel(readEnv('REF_LOG_LEVEL')) ?? 'off';
    // An unknown level would silence every line, errors too, and say nothing.
    if (!LOG_LEVELS.includes(logLevel)) {
      throw new ConfigurationError(
        `logLevel must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(logLevel)}.`,
      );
    }
    checkLogger(options.logger, logLevel);
    // Used only once a call runs, where not being a function reads as a network failure.
    if (options.fetch != null && typeof options.fetch !== 'function') {
      throw new ConfigurationError(
        `fetch must be a function like globalThis.fetch, got ${typeof options.fetch}.`,
      );
    }
    const validateResponses = options.validateResponses ?? 'compatible';
    if (![true, false, 'compatible', 'strict'].includes(validateResponses)) {
      throw new ConfigurationError(
        `validateResponses must be 'compatible', 'strict' or false, got ${JSON.stringify(validateResponses)}.`,
      );
    }
    if (![undefined, true, false].includes(options.telemetry)) {
      throw new ConfigurationError(
        `telemetry must be true or false, got ${String(options.telemetry)}.`,
      );
    }
    const hooks = resolveHooks(options.hooks);
    const log = createLevelLogger(options.logger ?? console, logLevel);
    const transport = new Transport({
      baseUrl: this.baseUrl,
      apiKey,
      fetch: options.fetch,
      timeout: options.timeout ?? DEFAULTS.timeout,
      totalTimeout: options.totalTimeout,
      maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
      maxRetryAfterMs: maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
      maxResponseBytes,
      // Browsers forbid setting User-Agent; elsewhere it is the only header we add.
      userAgent: isBrowserLike() ? undefined : `refapi-sdk/${VERSION}`,
      log,
      telemetry: options.telemetry !== false,
      hooks,
    });
    // `true` was the default before the modes existed: it keeps meaning the default.
    const mode = validateResponses === true ? 'compatible' : validateResponses;
    this.#core = new Core(transport, new ResponseChecker(mode, log));
    this.account = new AccountResource(this.#core);
    this.balance = new BalanceResource(this.#core);
    this.invoices = new InvoicesResource(this.#core);
    this.orders = new OrdersResource(this.#core);
    this.transactions = new TransactionsResource(this.#core);
    this.services = new ServicesResource(this.#core);
    this.plans = new PlansResource(this.#core);
  }

  /**
   * Applies a plan made by a `plan…()` method (or read from its JSON file): checks its
   * digest, expiry, base URL and the key's account, prices an order again from the
   * catalog, then sends exactly the planned request with the planned idempotency key, so
   * applying it twice does it once (`replayed` on the second).
   * @throws PlanRefusedError (PlanPriceChangedError) before sending; PlanChargeMismatchError after.
   * @example const { charged, replayed } = await client.apply(await client.orders.plan(body))
   */
  apply<K extends PlannableOperation>(
    plan: PlanOf<K>,
    options?: ApplyOptions,
  ): Promise<AppliedPlan<K>>;
  apply(plan: unknown, options?: ApplyOptions): Promise<AppliedPlan>;
  apply(plan: unknown, options?: ApplyOptions): Promise<AppliedPlan> {
    return applyPlan(this.#core, plan, options);
  }

  /**
   * Shield of one directly owned KVM service.
   * @example await client.shield('REF-SVC-A1').rules.list()
   */
  shield(serviceRef: string): ShieldResource {
    return new ShieldResource(this.#core, serviceRef);
  }
}
