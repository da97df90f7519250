import { isGatewayFailure, type RefApiErrorInit, retryAfterOf } from './ref-error';

/** The public class name of an API error and the one-line hint saying what to do next. */
export interface StatusErrorSpec {
  readonly name: string;
  readonly hint: (init: RefApiErrorInit) => string;
}

// The one list of API error kinds: an HTTP status, a 409 `error` code that has its own class,
// or `5xx` for any other server failure. `http-errors.ts` declares one public class per entry,
// `errorFromResponse` picks the class through this key, and `guards.ts` tests for each class.
const SHIELD_RULE_REFUSALS: ReadonlySet<string> = new Set([
  'rate_limit_needs_rate',
  'rate_only_for_rate_limit',
  'tcp_flags_need_tcp',
  'broad_rule_needs_ack',
]);

/** Whether `url` names a service (`…/services/REF-SVC-101…`), not a path of the whole account. */
const namesAService = (url: string): boolean => /\/services\/(?!stats(?:[/?#]|$))[^/?#]+/.test(url);

/** Name and hint of each API error class, keyed by status, 409 code, or `5xx`. */
export const STATUS_ERRORS = {
  400: {
    name: 'BadRequestError',
    hint: () => 'Fix the field named in the error code and try again.',
  },
  401: {
    name: 'AuthenticationError',
    hint: () => 'Check the API key (option apiKey or REF_API_KEY).',
  },
  403: {
    name: 'PermissionDeniedError',
    hint: () => 'Use a key with the scope this operation needs.',
  },
  404: {
    name: 'NotFoundError',
    // A path naming no service (`/me`, `/balance`, `/services/stats` …) exists whatever the
    // account holds: its 404 says the base URL is wrong, not a reference.
    hint: (init) =>
      namesAService(init.url)
        ? 'Check the reference belongs to this account.'
        : "Check that baseUrl is the API's, ending in /v1.",
  },
  409: { name: 'ConflictError', hint: () => 'Re-read the resource state before retrying.' },
  idempotency_key_reused: {
    name: 'IdempotencyKeyReusedError',
    hint: () => 'Use a new Idempotency-Key for a different request.',
  },
  idempotency_key_in_use: {
    name: 'IdempotencyKeyInUseError',
    hint: () => 'Wait for the first request to finish, then repeat with the same key.',
  },
  422: {
    name: 'UnprocessableEntityError',
    // 422 is an order the account or plan does not permit, or a Shield rule a provider
    // would refuse: the code (and its meaning before this hint) says which.
    hint: (init) =>
      init.code !== undefined && SHIELD_RULE_REFUSALS.has(init.code)
        ? 'Change the rule as the error code says.'
        : 'The order cannot be fulfilled as requested.',
  },
  428: { name: 'PreconditionRequiredError', hint: () => 'Send an Idempotency-Key header.' },
  429: {
    name: 'RateLimitError',
    // The API always sends Retry-After with a 429; a proxy's or gateway's 429 may not.
    hint: (init) => {
      const seconds = retryAfterOf(init);
      return seconds === undefined ? 'Slow down and retry later.' : `Retry after ${seconds} s.`;
    },
  },
  502: {
    name: 'ProviderError',
    hint: () => 'The provider refused the action; check the service before repeating it.',
  },
  503: {
    name: 'ServiceUnavailableError',
    hint: (init) => {
      const seconds = retryAfterOf(init);
      return `Try again later${seconds === undefined ? '' : ` (after ${seconds} s)`}.`;
    },
  },
  '5xx': { name: 'InternalServerError', hint: () => 'The server failed; try again later.' },
} as const satisfies Record<string, StatusErrorSpec>;

/** A key of {@link STATUS_ERRORS}. */
export type StatusErrorKey = keyof typeof STATUS_ERRORS;

/** The {@link STATUS_ERRORS} entry for a failed response, or undefined for an unlisted 4xx. */
export function statusErrorKey(
  status: number,
  code: string | undefined,
): StatusErrorKey | undefined {
  // Codes are snake_case, so a body `error` of `404` or `5xx` cannot pick another entry.
  if (status === 409 && code && /^[a-z_]+$/.test(code) && Object.hasOwn(STATUS_ERRORS, code)) {
    return code as StatusErrorKey;
  }
  // A gateway's 502 is a server failure like a 500, not the provider refusing a power action.
  if (isGatewayFailure(status, code)) return '5xx';
  if (Object.hasOwn(STATUS_ERRORS, status)) return status as StatusErrorKey;
  return status >= 500 ? '5xx' : undefined;
}
