import {
  isConnectionError,
  isRefApiError,
  isRefSdkError,
  isTimeoutError,
  type RefApiError,
} from '@refapi/sdk';
import { CliError, InterruptedError } from '../errors/cli-error';
import { EXIT, type ExitCode } from '../errors/exit-codes';

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
}

/** HTTP status → exit code: 3 not found, 4 auth, 5 rate limited, 6 conflict, else 1. */
export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status === 409) return EXIT.conflict;
  if (status === 429) return EXIT.rateLimited;
  return EXIT.error;
}

/** Turns anything thrown into a report; never includes a stack or a request header. */
export function describeError(error: unknown): ErrorReport {
  const report = describeKind(error);
  const requestId = isRefSdkError(error) ? error.requestId : undefined;
  return requestId === undefined ? report : { ...report, requestId };
}

function describeKind(error: unknown): ErrorReport {
  if (error instanceof CliError) {
    // An interruption may land after a mutation was sent: its outcome is unknown.
    const retriable = error instanceof InterruptedError;
    return { message: error.message, code: error.code, exitCode: error.exitCode, retriable };
  }
  if (isRefApiError(error)) return describeApiError(error);
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

function describeApiError(error: RefApiError): ErrorReport {
  // Codes look like `insufficient_balance` or `invalid_body: addons[3].units`.
  const raw = error.code ?? `http_${error.status}`;
  const colon = raw.indexOf(':');
  const code = colon === -1 ? raw : raw.slice(0, colon);
  const detail = colon === -1 ? '' : raw.slice(colon);
  // Without a code in the body, say what the status means (the contract's sentence).
  let message =
    error.code === undefined && error.meaning !== undefined
      ? error.meaning.replace(/\.$/, '')
      : `${code.replaceAll('_', ' ')}${detail}`;
  if (error.status === 401) message += '; check REF_API_KEY or: refctl config show';
  if (error.retryAfter !== undefined) message += `; retry after ${error.retryAfter} s`;
  return {
    message,
    code,
    status: error.status,
    conflictStatus: error.conflictStatus,
    exitCode: exitCodeForStatus(error.status),
    retriable: error.status === 429 || error.status >= 500 || code === 'idempotency_key_in_use',
  };
}

const formatMs = (ms: number) => (ms < 1000 ? `${ms}ms` : `${Math.round(ms / 100) / 10}s`);

const codeOf = (name: string) =>
  name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();
