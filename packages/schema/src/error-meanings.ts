import type { ErrorStatus } from './routes';

// The one place that says what an error status or code of the API means. The OpenAPI
// response descriptions, the SDK's error messages and the MCP tools' error text read it.

/** What each error status of the API means, in one sentence. */
export const ERROR_STATUS_MEANINGS = {
  400: 'Invalid path, service reference, query, header or JSON body (`invalid_<where>: <field>`), or a body not declared `application/json` (`invalid_content_type`).',
  401: 'Missing or invalid API key.',
  403: 'Insufficient scope, source IP not allowed, or no Shield Advanced subscription (`shield_advanced_required`).',
  404: 'The service or rule does not exist or is not owned by the account.',
  409: 'The account or service lifecycle no longer permits the mutation, or the idempotency key was reused.',
  413: 'The request body is larger than 64 KiB.',
  422: 'Billing profile, plan options, price, stock or balance do not permit the purchase.',
  428: 'The `Idempotency-Key` header is required.',
  429: 'Rate limit exceeded.',
  502: 'The provider rejected or failed the power action.',
  503: 'Shield is paused or temporarily unavailable, or the server cannot store changes right now (`state_unavailable`).',
} as const satisfies Record<ErrorStatus, string>;

/**
 * Error codes (the body's `error`) that the spec and the reference server's decisions name,
 * by the status they come with, and what they mean. Validation codes carry the field after
 * a colon (`invalid_body: addons[3].units`); the table keys the part before it.
 */
export const ERROR_CODE_MEANINGS = {
  400: {
    invalid_path: 'A path parameter does not match its pattern.',
    invalid_query: 'A query parameter is invalid or repeated.',
    invalid_header: 'A request header (e.g. Idempotency-Key) is invalid.',
    invalid_body: 'The JSON body does not match the request schema.',
    invalid_json: 'The body is not valid JSON.',
    invalid_content_type: 'The request has a body whose Content-Type is not `application/json`.',
  },
  401: { missing_api_key: 'No API key was sent.', invalid_api_key: 'The API key is unknown.' },
  403: {
    insufficient_scope: 'The API key lacks the scope the operation needs.',
    ip_not_allowed: 'The source IP is not on the key’s allow-list.',
    shield_advanced_required: 'The account has no active or in-grace Shield Advanced subscription.',
  },
  404: { not_found: 'The service does not exist or is not owned by the account.' },
  409: {
    power_not_supported: 'Power actions are supported for KVM only.',
    idempotency_key_reused: 'The Idempotency-Key was used before with a different request.',
    idempotency_key_in_use: 'A request with this Idempotency-Key is still running.',
  },
  413: { body_too_large: 'The request body is larger than 64 KiB.' },
  428: { idempotency_key_required: 'The `Idempotency-Key` header is missing.' },
  429: { rate_limit_exceeded: 'Too many requests in this one-minute window.' },
  503: {
    shield_paused: 'Shield is administratively paused.',
    state_unavailable:
      'The server cannot make changes durable (its disk refuses writes); reads go on.',
  },
} as const satisfies Partial<Record<ErrorStatus, Record<string, string>>>;

/** An error code listed in {@link ERROR_CODE_MEANINGS}. */
export type ErrorCode = {
  [S in keyof typeof ERROR_CODE_MEANINGS]: keyof (typeof ERROR_CODE_MEANINGS)[S];
}[keyof typeof ERROR_CODE_MEANINGS];

/**
 * What a failed response means: the meaning of its error code when the table lists it
 * (the part before a colon), else of its status; undefined for a status the API does not use.
 * @example errorMeaning(409, 'idempotency_key_in_use') // 'A request with this Idempotency-Key is still running.'
 */
export function errorMeaning(status: number, code?: string): string | undefined {
  const name = code?.split(':', 1)[0] ?? '';
  const codes = byCode[status];
  // Own keys only: a code such as `constructor` must not find Object.prototype's.
  const byName = codes !== undefined && Object.hasOwn(codes, name) ? codes[name] : undefined;
  return byName ?? (Object.hasOwn(byStatus, status) ? byStatus[status] : undefined);
}

// Plain lookups: a code or status from the wire is any string or number.
const byCode: Readonly<Partial<Record<number, Partial<Record<string, string>>>>> =
  ERROR_CODE_MEANINGS;
const byStatus: Readonly<Partial<Record<number, string>>> = ERROR_STATUS_MEANINGS;
