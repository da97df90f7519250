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
  422: 'Billing profile, plan options, price, stock or balance do not permit the purchase, or the provider would refuse the Shield rule.',
  428: 'The `Idempotency-Key` header is required.',
  429: 'Rate limit exceeded.',
  502: 'The provider rejected or failed the power action.',
  503: 'Shield is paused or temporarily unavailable, or the server cannot store changes right now (`state_unavailable`).',
} as const satisfies Record<ErrorStatus, string>;

/**
 * Every error code (the body's `error`) the reference server answers, on the API and the
 * admin API, grouped by status: the status it comes with and, when it says more than its
 * status, what it means (else the status's meaning applies). Validation codes carry the
 * field after a colon (`invalid_body: addons[3].units`); the table keys the part before
 * it. The server's `DomainError` takes only these codes: one missing here does not compile.
 */
export const ERROR_CODES = {
  ...codesOf(400, {
    invalid_path: 'A path parameter does not match its pattern.',
    invalid_query: 'A query parameter is invalid or repeated.',
    invalid_header: 'A request header (e.g. Idempotency-Key) is invalid.',
    invalid_body: 'The JSON body does not match the request schema.',
    invalid_json: 'The body is not valid JSON.',
    malformed_request:
      'The request is not HTTP/1.1 the server can read (request line, headers or framing); the connection is closed.',
    invalid_content_type: 'The request has a body whose Content-Type is not `application/json`.',
    invalid_scenario: 'The scenario document does not validate (the path and reason follow).',
    clock_backwards: 'The server clock never goes back.',
  }),
  ...codesOf(401, {
    missing_api_key: 'No API key was sent.',
    invalid_api_key: 'The API key is unknown.',
    invalid_admin_token: 'The admin token (or console session) is missing or wrong.',
  }),
  ...codesOf(403, {
    insufficient_scope: 'The API key lacks the scope the operation needs.',
    ip_not_allowed: 'The source IP is not on the key’s allow-list.',
    shield_advanced_required: 'The account has no active or in-grace Shield Advanced subscription.',
    csrf_header_required: 'A console session changing state must send `X-Refapi-Console: 1`.',
    host_not_allowed: 'The Host header is not one this server answers (DNS rebinding guard).',
  }),
  ...codesOf(404, {
    not_found:
      'The service does not exist or is not owned by the account, or the path is not one the API serves.',
    shield_rule_not_found: null,
    shield_preset_not_found: null,
    request_not_found: 'The request is not (or no longer) in the request journal.',
    event_stream_needs_http: 'The request journal stream is served over HTTP (`listen()`) only.',
    space_not_found: 'The space does not exist, was deleted or expired unused.',
    snapshot_not_found: 'No snapshot of that name in this space.',
    account_not_found: 'No account of that ref in this state (admin API).',
  }),
  ...codesOf(405, { method_not_allowed: 'The path does not take this method (see `Allow`).' }),
  ...codesOf(409, {
    power_not_supported: 'Power actions are supported for KVM only.',
    idempotency_key_reused: 'The Idempotency-Key was used before with a different request.',
    idempotency_key_in_use: 'A request with this Idempotency-Key is still running.',
    account_not_active: null,
    service_not_active: null,
    service_lifecycle_conflict: null,
    shield_mutations_blocked: null,
    shield_preset_already_applied: null,
    shield_rule_not_customer_managed: null,
    shield_quota_exceeded: null,
    space_limit_reached: 'The server holds `--max-spaces` spaces already; delete one first.',
    snapshot_limit_reached: 'This space holds the most snapshots it may; delete one first.',
    clock_limit_reached:
      'The clock would pass 9989-12-31T23:59:59.999Z, its last instant (a term it starts must end by 9999-12-31, the last date an API date-time can state), or the move could apply more than 100,000 events: move it in smaller steps (admin API).',
    balance_limit_reached:
      'The top-up would take the balance past ±90071992547409.91, the most integer cents hold exactly (admin API).',
    fail_next_queue_full: 'Too many failures are queued by `POST /__admin/fail-next` already.',
    snapshot_budget_exceeded:
      'The snapshots of this space would pass `--max-snapshot-bytes`; delete one first.',
  }),
  ...codesOf(408, {
    request_timeout:
      'The request head did not arrive within 10 s of the connection, or its body within 30 s of the head.',
  }),
  ...codesOf(413, {
    body_too_large: 'The request body is larger than 64 KiB (admin bodies: `--max-admin-body`).',
  }),
  ...codesOf(417, {
    expectation_failed: 'The request asks an `Expect` other than `100-continue`.',
  }),
  ...codesOf(422, {
    billing_profile_incomplete: null,
    plan_not_available: null,
    out_of_stock: null,
    period_not_offered: null,
    os_image_not_offered: null,
    os_not_offered: null,
    windows_not_offered: null,
    region_not_offered: null,
    addon_not_offered: null,
    price_not_supported: null,
    insufficient_balance: null,
    rate_limit_needs_rate: 'A `rate_limit` rule needs `rate_pps` or `rate_bps`.',
    rate_only_for_rate_limit:
      '`rate_pps`, `rate_bps` and `burst_packets` belong to `rate_limit` rules only.',
    tcp_flags_need_tcp: 'TCP flags can only be matched by a `tcp` rule.',
    broad_rule_needs_ack:
      'An enforced drop or rate_limit rule on every port from everywhere needs `explicit_broad_ack: true`.',
  }),
  ...codesOf(428, { idempotency_key_required: 'The `Idempotency-Key` header is missing.' }),
  ...codesOf(429, {
    rate_limit_exceeded: 'Too many requests in this one-minute window.',
    too_many_attempts: 'Too many wrong admin tokens from this address; wait `Retry-After` seconds.',
  }),
  ...codesOf(431, {
    headers_too_large: 'The request head is larger than the server takes (16 KiB, Node’s default).',
  }),
  // A bug, not a rule of the API: no meaning to give (the SDK says nothing either).
  ...codesOf(500, { internal_error: null }),
  ...codesOf(502, { power_rejected: null, power_failed: null, power_result_uncertain: null }),
  ...codesOf(503, {
    shield_paused: 'Shield is administratively paused.',
    shield_unavailable: null,
    state_unavailable:
      'The server cannot make changes durable (its disk refuses writes); reads go on.',
    too_many_connections:
      'This address holds `--max-connections-per-address` connections already; retry after `Retry-After`.',
  }),
};

/** The codes of one status, each with its meaning (null: the status's meaning applies). */
function codesOf<const S extends number, const M extends Record<string, string | null>>(
  status: S,
  meanings: M,
): { readonly [C in keyof M]: M[C] extends string ? { status: S; meaning: M[C] } : { status: S } } {
  const out: Record<string, { status: number; meaning?: string }> = {};
  for (const [code, meaning] of Object.entries(meanings)) {
    out[code] = meaning === null ? { status } : { status, meaning };
  }
  return out as never;
}

/** An error code the server answers (a key of {@link ERROR_CODES}). */
export type ErrorCode = keyof typeof ERROR_CODES;

/** An error code as it goes on the wire: the code, or the code, a colon and the field. */
export type ErrorCodeText = ErrorCode | `${ErrorCode}: ${string}`;

type Codes = typeof ERROR_CODES;
type Described = { [C in ErrorCode]: Codes[C] extends { meaning: string } ? C : never }[ErrorCode];
type CodeMeanings = {
  [S in Codes[Described]['status']]: {
    [C in Described as Codes[C]['status'] extends S ? C : never]: string;
  };
};

/**
 * The codes of {@link ERROR_CODES} that mean more than their status, by status: what
 * {@link errorMeaning} reads.
 */
export const ERROR_CODE_MEANINGS = groupByStatus() as CodeMeanings;

function groupByStatus(): Record<number, Record<string, string>> {
  const out: Record<number, Record<string, string>> = {};
  for (const [code, entry] of Object.entries(ERROR_CODES) as [
    string,
    { status: number; meaning?: string },
  ][]) {
    if (entry.meaning === undefined) continue;
    out[entry.status] ??= {};
    (out[entry.status] as Record<string, string>)[code] = entry.meaning;
  }
  return out;
}

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
