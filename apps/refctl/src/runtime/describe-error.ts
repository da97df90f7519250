import {
  isConnectionError,
  isRefApiError,
  isRefSdkError,
  isResponseValidationError,
  isTimeoutError,
  type RefApiError,
} from '@refapi/sdk';
import { findRoute } from '../actions/api-target';
import { CliError, InterruptedError } from '../errors/cli-error';
import { EXIT, type ExitCode } from '../errors/exit-codes';
import { refKindOf } from './ref-kinds';

/** A failure as refctl reports it. */
export interface ErrorReport {
  /** Human text, e.g. `insufficient balance`. */
  readonly message: string;
  /** Stable code: the API's `error` or refctl's own. */
  readonly code: string;
  readonly status?: number | undefined;
  /** The 409 body's lifecycle `status`. */
  readonly conflictStatus?: string | undefined;
  readonly exitCode: ExitCode;
  /** The server's `Request-Id` of the failed exchange, to find it in `/__admin/requests`. */
  readonly requestId?: string | undefined;
  /** Whether sending the same request again (same idempotency key) may succeed. */
  readonly retriable: boolean;
  /** What to check next, printed at the end of the line (e.g. the base URL). */
  readonly hint?: string | undefined;
}

/** The hint of an error from a server that may not be the API at all. */
export const BASE_URL_HINT = 'is the base URL right? it usually ends in /v1';

/** HTTP status → exit code: 3 not found, 4 auth, 5 rate limited, 6 conflict, else 1. */
export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status === 409) return EXIT.conflict;
  if (status === 429) return EXIT.rateLimited;
  return EXIT.error;
}

/**
 * Turns anything thrown into a report; never includes a stack or a request header. With
 * the `baseUrl` in use, an answer that may come from something other than the API (a 404
 * or 405, a body off the contract) hints at it when it does not end in `/v1`.
 */
export function describeError(error: unknown, baseUrl?: string): ErrorReport {
  let report = describeKind(error, baseUrl);
  const requestId = isRefSdkError(error) ? error.requestId : undefined;
  if (requestId !== undefined) report = { ...report, requestId };
  // A hint of the error's own (a space that is gone) says more than a guess at the URL.
  if (
    report.hint === undefined &&
    baseUrl !== undefined &&
    !endsInV1(baseUrl) &&
    mayBeWrongServer(error)
  ) {
    report = { ...report, hint: BASE_URL_HINT };
  }
  return report;
}

function endsInV1(baseUrl: string): boolean {
  try {
    return /\/v1\/?$/.test(new URL(baseUrl).pathname);
  } catch {
    return false;
  }
}

// Statuses a server that is not the API (or the API under another prefix) answers with,
// and SDK errors about the answer itself (not about getting none).
function mayBeWrongServer(error: unknown): boolean {
  if (isRefApiError(error)) return error.status === 404 || error.status === 405;
  return isRefSdkError(error) && !isConnectionError(error) && !isTimeoutError(error);
}

/**
 * `service REF-SVC-999` for a 404 of `…/services/REF-SVC-999`: the last reference in the
 * path (or the rule id, the preset code the code names), undefined when the path has none.
 */
function notFoundSubject(error: RefApiError): string | undefined {
  let segments: string[];
  try {
    segments = new URL(error.url).pathname.split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const after = (name: string) => segments[segments.indexOf(name) + 1];
  if (error.code === 'shield_rule_not_found' && segments.includes('rules')) {
    return `rule ${after('rules')}`;
  }
  if (error.code === 'shield_preset_not_found' && segments.includes('presets')) {
    return `preset ${after('presets')}`;
  }
  // A space's own URL (`/spaces/sp_…/v1/…`) or its admin route (`/__admin/spaces/sp_…`).
  if (error.code === 'space_not_found' && segments.includes('spaces')) {
    return `space ${after('spaces')}`;
  }
  for (const segment of segments.toReversed()) {
    const kind = refKindOf(segment);
    if (kind) return `${kind.thing} ${segment}`;
  }
  return undefined;
}

function describeKind(error: unknown, baseUrl: string | undefined): ErrorReport {
  if (error instanceof CliError) {
    // An interruption may land after a mutation was sent: its outcome is unknown.
    const retriable = error instanceof InterruptedError;
    return { message: error.message, code: error.code, exitCode: error.exitCode, retriable };
  }
  if (isRefApiError(error)) return describeApiError(error, baseUrl);
  if (isTimeoutError(error)) {
    // Say which request gave up and which limit did it, so the user knows what to raise.
    const what = error.method ? `${error.method} ${error.url}` : 'the request';
    return {
      message: `${what} timed out: no complete response within ${formatMs(error.timeoutMs)} (--timeout); the server is slow or not answering`,
      code: 'timeout',
      exitCode: EXIT.error,
      retriable: true,
    };
  }
  if (isConnectionError(error)) {
    const cause = error.cause as (Error & { cause?: Error & { code?: string } }) | undefined;
    const reason = cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? 'no response';
    return {
      message: `no response from ${error.url ?? 'the API'} (${reason})`,
      code: 'connection_error',
      exitCode: EXIT.error,
      retriable: true,
    };
  }
  if (isResponseValidationError(error)) {
    // The SDK's message ends with its own option (validateResponses) and the request id,
    // which the report adds once: here only what the answer broke.
    const first = error.issues[0];
    const where = first ? ` at ${first.path.join('.') || '(root)'}: ${first.message}` : '';
    return {
      message: `${error.operationId} answered a body that does not match the contract${where}`,
      code: 'response_validation',
      exitCode: EXIT.error,
      retriable: false,
    };
  }
  if (isRefSdkError(error)) {
    return {
      message: error.message.replace(/\.$/, ''),
      code: codeOf(error.name),
      exitCode: EXIT.error,
      retriable: false,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, code: 'internal_error', exitCode: EXIT.error, retriable: false };
}

function describeApiError(error: RefApiError, baseUrl: string | undefined): ErrorReport {
  // `invalid_body: addons[3].units` on the wire: the SDK's code and param.
  const code = error.code ?? `http_${error.status}`;
  const detail = error.param === undefined ? '' : `: ${error.param}`;
  const subject = error.status === 404 ? notFoundSubject(error) : undefined;
  let message =
    subject !== undefined
      ? `${subject} not found`
      : error.code === undefined
        ? statusMeaning(error, baseUrl)
        : `${code.replaceAll('_', ' ')}${detail}`;
  if (error.status === 401) {
    message += isAdminUrl(error.url)
      ? '; check REF_ADMIN_TOKEN'
      : '; check REF_API_KEY or: refctl config show';
  }
  if (error.retryAfterSeconds !== undefined) {
    message += `; retry after ${error.retryAfterSeconds} s`;
  }
  const hint = CODE_HINTS.get(code);
  return {
    message,
    code,
    status: error.status,
    conflictStatus: error.conflictStatus,
    exitCode: exitCodeForStatus(error.status),
    retriable: error.status === 429 || error.status >= 500 || code === 'idempotency_key_in_use',
    ...(hint === undefined ? {} : { hint }),
  };
}

/**
 * What a status without an error code in the body means: the contract's sentence when the
 * operation answering may send that status, else HTTP's own name for it (`bad gateway`), as
 * a proxy in front of the API means it. The contract's 502 is a refused power action and its
 * 503 a paused Shield: neither is what a gateway's 502 on `GET /me` says.
 */
function statusMeaning(error: RefApiError, baseUrl: string | undefined): string {
  if (error.meaning !== undefined && contractMaySend(error, baseUrl)) {
    return error.meaning.replace(/\.$/, '');
  }
  // Loaded only here: node:http is not otherwise needed at start.
  const reason = process.getBuiltinModule('node:http').STATUS_CODES[error.status];
  return reason === undefined ? `http ${error.status}` : reason.toLowerCase();
}

/**
 * Whether the contract lists `error.status` for the operation of its method and URL (below
 * `baseUrl`); true when the base URL is not known, as the meaning was always given then.
 */
function contractMaySend(error: RefApiError, baseUrl: string | undefined): boolean {
  if (baseUrl === undefined) return true;
  let path: string;
  try {
    const base = new URL(baseUrl).pathname.replace(/\/+$/, '');
    path = new URL(error.url).pathname;
    if (!path.startsWith(`${base}/`)) return false;
    path = path.slice(base.length);
  } catch {
    return false;
  }
  const route = findRoute(error.method, path);
  if (route === undefined) return false;
  return [...route.errors, ...(route.referenceErrors ?? [])].some((s) => s === error.status);
}

/** What to do next after the reference server's own errors (the API's own need none). */
const CODE_HINTS: ReadonlyMap<string, string> = new Map([
  [
    'broad_rule_needs_ack',
    'if it is meant to act on all traffic, add --broad-ack; else narrow it (--destination-port, --source-cidr) or use --mode observe',
  ],
  ['rate_limit_needs_rate', 'give --rate-pps or --rate-bps'],
  [
    'rate_only_for_rate_limit',
    '--rate-pps, --rate-bps and --burst-packets go with --action rate_limit only',
  ],
  ['tcp_flags_need_tcp', '--tcp-flags-mask and --tcp-flags-value need --protocol tcp'],
  ['space_not_found', 'deleted, or unused past its TTL; see: refctl server spaces list'],
  [
    'space_limit_reached',
    'the server holds its --max-spaces; delete one: refctl server spaces delete SPACE_ID',
  ],
]);

/** An answer of the reference server's admin API (`/__admin/…`), not of the API. */
function isAdminUrl(url: string): boolean {
  try {
    return /(^|\/)__admin(\/|$)/.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

const formatMs = (ms: number) => (ms < 1000 ? `${ms}ms` : `${Math.round(ms / 100) / 10}s`);

const codeOf = (name: string) =>
  name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();
