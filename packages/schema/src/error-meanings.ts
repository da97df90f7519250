import type { ErrorStatus } from './contract';

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
 * with their status and meaning. Validation codes carry the field after a colon
 * (`invalid_body: addons[3].units`); the table keys the part before it.
 */
export const ERROR_CODE_MEANINGS = {
  invalid_path: { status: 400, meaning: 'A path parameter does not match its pattern.' },
  invalid_query: { status: 400, meaning: 'A query parameter is invalid or repeated.' },
  invalid_header: { status: 400, meaning: 'A request header (e.g. Idempotency-Key) is invalid.' },
  invalid_body: { status: 400, meaning: 'The JSON body does not match the request schema.' },
  invalid_json: { status: 400, meaning: 'The body is not valid JSON.' },
  invalid_content_type: {
    status: 400,
    meaning: 'The request has a body whose Content-Type is not `application/json`.',
  },
  missing_api_key: { status: 401, meaning: 'No API key was sent (`Authorization: Bearer …`).' },
  invalid_api_key: { status: 401, meaning: 'The API key is unknown.' },
  insufficient_scope: { status: 403, meaning: 'The API key lacks the scope the operation needs.' },
  ip_not_allowed: { status: 403, meaning: 'The source IP is not on the key’s allow-list.' },
  shield_advanced_required: {
    status: 403,
    meaning: 'The account has no active or in-grace Shield Advanced subscription.',
  },
  not_found: {
    status: 404,
    meaning: 'The service does not exist or is not owned by the account.',
  },
  power_not_supported: { status: 409, meaning: 'Power actions are supported for KVM only.' },
  idempotency_key_reused: {
    status: 409,
    meaning: 'The Idempotency-Key was used before with a different request.',
  },
  idempotency_key_in_use: {
    status: 409,
    meaning: 'A request with this Idempotency-Key is still running.',
  },
  body_too_large: { status: 413, meaning: 'The request body is larger than 64 KiB.' },
  idempotency_key_required: { status: 428, meaning: 'The `Idempotency-Key` header is missing.' },
  rate_limit_exceeded: { status: 429, meaning: 'Too many requests in this one-minute window.' },
  shield_paused: { status: 503, meaning: 'Shield is administratively paused.' },
  state_unavailable: {
    status: 503,
    meaning: 'The server cannot make changes durable (its disk refuses writes); reads go on.',
  },
} as const satisfies Record<string, { status: ErrorStatus; meaning: string }>;

/** An error code listed in {@link ERROR_CODE_MEANINGS}. */
export type ErrorCode = keyof typeof ERROR_CODE_MEANINGS;

/**
 * What a failed response means: the meaning of its error code when the table lists it
 * (the part before a colon), else of its status; undefined for a status the API does not use.
 * @example errorMeaning(409, 'idempotency_key_in_use') // 'A request with this Idempotency-Key is still running.'
 */
export function errorMeaning(status: number, code?: string): string | undefined {
  const entry = code === undefined ? undefined : byCode[code.split(':', 1)[0] ?? ''];
  if (entry?.status === status) return entry.meaning;
  return byStatus[status];
}

// Plain lookups: a code or status from the wire is any string or number.
const byCode: Readonly<Partial<Record<string, { status: number; meaning: string }>>> =
  ERROR_CODE_MEANINGS;
const byStatus: Readonly<Partial<Record<number, string>>> = ERROR_STATUS_MEANINGS;
