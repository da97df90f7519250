import type { CallToolResult } from '@modelcontextprotocol/server';
import { type OperationDef, ORDER_OPERATION } from '@refapi/schema';
import { shownText } from '@refapi/schema/text';
import {
  ConfigurationError,
  ConnectionError,
  PlanChargeMismatchError,
  RateLimitError,
  RefApiError,
  ResponseDecodeError,
  ResponseValidationError,
  UserAbortError,
} from '@refapi/sdk';
import { type Currency, money } from '../money';
import { redactSecrets } from '../redact';
import { ToolRefusal } from './tool-refusal';

// The 422 codes of a Shield rule a real provider would refuse (reference-server spec, section 8).
const SHIELD_RULE_REFUSALS: ReadonlySet<string> = new Set([
  'rate_limit_needs_rate',
  'rate_only_for_rate_limit',
  'tcp_flags_need_tcp',
  'broad_rule_needs_ack',
]);

/** What a model gets for a failed call: the API's code, what to do next, and when to retry. */
export interface ToolErrorInfo {
  readonly error: string;
  readonly status?: number;
  readonly message: string;
  readonly next_step: string;
  readonly retry_after?: number;
  readonly missing_scope?: string;
  readonly [key: string]: unknown;
}

/** The API's code as it sent it, with the field a 400 names: `invalid_body: addons[3].units`. */
function sentCode(error: RefApiError): string {
  const code = error.code ?? `http_${error.status}`;
  return error.param === undefined ? code : `${code}: ${error.param}`;
}

/** Characters of the API's code a log line quotes, as a tool error shows at most (shownText). */
const LOGGED_CODE_CHARS = 200;

/**
 * The code a tool call's log line names: the API's as it sent it (the process log shows its
 * controls, a host's notification carries it exact), or the tool error's own. A code that
 * echoes a `secret` (the API key) has it redacted, and one past 200 characters is cut there
 * with its length said, so a broken API cannot put the key or a megabyte into a log line.
 */
export function loggedCode(
  error: unknown,
  info: ToolErrorInfo,
  secrets: readonly string[],
): string {
  if (!(error instanceof RefApiError)) return info.error;
  // Redacted before it is cut: a cut must not leave half a key.
  const code = redactSecrets(sentCode(error), secrets);
  return code.length <= LOGGED_CODE_CHARS
    ? code
    : `${code.slice(0, LOGGED_CODE_CHARS)}… (${code.length} characters)`;
}

/**
 * A refusal the API replayed from what it stored for the call's idempotency key: the same
 * arguments derive the same key, so repeating the call once its cause is fixed (a top-up, a
 * service active again) would get this answer again for a day. Says how to send it anew.
 */
function apiErrorInfo(error: RefApiError, op: OperationDef): ToolErrorInfo {
  const info = statusErrorInfo(error, op);
  if (!error.replayed) return info;
  return {
    ...info,
    replayed: true,
    next_step:
      op.operationId === ORDER_OPERATION
        ? "This answer is the one the API stored for the plan's idempotency key, and it gives it again to the same plan: once the cause is fixed, make a new dry run and buy its plan."
        : "This answer is the one the API stored for this call's idempotency key (the same arguments give the same key), and it gives it again: once the cause is fixed, call again with a new idempotency_key.",
  };
}

function statusErrorInfo(error: RefApiError, op: OperationDef): ToolErrorInfo {
  // `code` decides; what the model reads of the API's text is shown as an SDK error's message
  // shows it (shownText): controls escaped, cut after 200 characters, so an answer of
  // `{"error":"<1 MB>"}` does not put 1 MB into its context. A code such as
  // `insufficient_scope` or `invalid_body: type` comes through exactly as sent.
  const code = error.code ?? `http_${error.status}`;
  const shownCode = shownText(code);
  // The model gets the code as the API sent it, with the field a 400 names.
  const sent = shownText(sentCode(error));
  const conflictStatus =
    error.conflictStatus === undefined ? undefined : shownText(error.conflictStatus);
  const base = { error: sent, status: error.status };
  const retry =
    error.retryAfterSeconds === undefined ? {} : { retry_after: error.retryAfterSeconds };
  // What the status (or its code) means is the contract's sentence, carried by the SDK error.
  const meaning = error.meaning ?? `The API failed with status ${error.status}.`;
  switch (error.status) {
    case 400:
      return {
        ...base,
        message: `The API rejected an argument (${sent}).`,
        next_step: 'Fix the field named in the error code, then call again.',
      };
    case 401:
      return {
        ...base,
        message: meaning,
        next_step:
          'Ask the user to check REF_API_KEY or the refctl profile; retrying will not help.',
      };
    case 403:
      if (code === 'insufficient_scope') {
        return {
          ...base,
          missing_scope: op.scope,
          message: `The API key lacks the scope ${op.scope} that this tool needs.`,
          next_step: `Ask the user for a key with the scope ${op.scope}; do not retry with this key.`,
        };
      }
      return {
        ...base,
        message: `Permission denied (${shownCode}).`,
        next_step:
          code === 'shield_advanced_required'
            ? 'The account has no active Shield Advanced subscription; Shield tools cannot be used.'
            : 'The key may not be used from this address or for this resource; ask the user.',
      };
    case 404:
      return {
        ...base,
        message: meaning,
        next_step: 'List the resources (e.g. services_list) and use a reference from the result.',
      };
    case 409:
      return {
        ...base,
        ...(conflictStatus ? { conflict_status: conflictStatus } : {}),
        message: `Conflict (${shownCode}${conflictStatus ? `, status ${conflictStatus}` : ''}).`,
        next_step:
          code === 'idempotency_key_reused'
            ? 'This idempotency_key was used with other arguments; pass a new key.'
            : code === 'idempotency_key_in_use'
              ? 'The first call with this key is still running; wait a moment and repeat the same call.'
              : 'The resource state does not permit this change; read it again before deciding.',
      };
    case 422:
      if (SHIELD_RULE_REFUSALS.has(code)) {
        return {
          ...base,
          message: `The provider would refuse this Shield rule (${shownCode}): ${meaning}`,
          next_step:
            code === 'broad_rule_needs_ack'
              ? 'Narrow the rule (destination_port, source_cidr) or use mode observe; pass explicit_broad_ack: true only if the user confirmed it must act on all traffic.'
              : 'Change the rule arguments as the code says, then call shield_rules_create again.',
        };
      }
      return {
        ...base,
        message: `The order cannot be fulfilled (${shownCode}).`,
        next_step:
          code === 'insufficient_balance'
            ? 'The balance is too low; check balance_get and tell the user.'
            : 'Check the plan and its options with plans_list, then change the order.',
      };
    case 429:
      return {
        ...base,
        ...retry,
        message: meaning,
        next_step: `Wait ${error.retryAfterSeconds ?? 60} seconds (retry_after), then repeat the same call.`,
      };
    case 502:
      // A gateway's 502 (no code) is a server failure: the default below.
      if (error.code === undefined) break;
      return {
        ...base,
        message: meaning,
        next_step: 'Check the service with services_get before repeating the action.',
      };
    case 503:
      return {
        ...base,
        ...retry,
        message: meaning,
        next_step: `Wait ${error.retryAfterSeconds ?? 30} seconds (retry_after), then repeat the same call.`,
      };
    case 413:
    case 414:
    case 431:
      return {
        ...base,
        message: meaning,
        next_step:
          'An argument is far longer than the API takes; use a value from a listing (e.g. services_list), then call again.',
      };
  }
  // A server failure may pass; a refusal of the call as sent comes back unchanged.
  return {
    ...base,
    ...retry,
    message: meaning,
    next_step:
      error.status >= 500
        ? 'Try again later.'
        : 'The API refused the call as sent; repeating it unchanged will not help. Tell the user what it said.',
  };
}

/** The facts of any error thrown by a tool, free of stack traces and credentials. */
export function errorInfo(error: unknown, op: OperationDef): ToolErrorInfo {
  if (error instanceof ToolRefusal) {
    return {
      error: error.code,
      message: error.message,
      next_step: error.nextStep,
      ...error.details,
    };
  }
  // RateLimitError before RefApiError only for the type; both are RefApiErrors.
  if (error instanceof RateLimitError || error instanceof RefApiError) {
    return apiErrorInfo(error, op);
  }
  if (error instanceof UserAbortError) {
    // The call's own signal: its time limit passed (AbortSignal.timeout), or the host
    // cancelled it (then nobody reads this result, but the log line says so).
    const timedOut = error.cause instanceof Error && error.cause.name === 'TimeoutError';
    return timedOut
      ? {
          error: 'timeout',
          message: 'The API did not answer within the time a tool call may take.',
          next_step:
            'Repeat the same call later: a write repeated with the same arguments replays rather than acting twice.',
        }
      : {
          error: 'cancelled',
          message: 'The call was cancelled before the API answered.',
          next_step:
            'Repeat the same call if it is still wanted: a write repeated with the same arguments replays rather than acting twice.',
        };
  }
  if (error instanceof ConnectionError) {
    return {
      error: error.name === 'TimeoutError' ? 'timeout' : 'connection_failed',
      message: 'The API could not be reached or did not answer in time.',
      next_step:
        'Repeat the same call: a write repeated with the same arguments replays rather than acting twice.',
    };
  }
  if (error instanceof ResponseValidationError) {
    return {
      error: 'invalid_response',
      message: 'The API answered data that does not match the contract.',
      next_step: 'Report this to the user; retrying is unlikely to help.',
    };
  }
  if (error instanceof ResponseDecodeError) {
    return {
      error: 'invalid_response',
      message: 'The API answered a body that could not be decoded (its Content-Encoding).',
      next_step: 'Report this to the user; retrying is unlikely to help.',
    };
  }
  if (error instanceof PlanChargeMismatchError) {
    return {
      error: 'plan_charge_mismatch',
      message: `${error.message}.`,
      next_step: error.replayed
        ? 'Nothing was bought now: these order arguments were bought before (their idempotency key replayed that order). Tell the user; to buy another one, make a new dry run with a new idempotency_key and buy with its plan_id.'
        : 'The order was bought, at the charged price, not the quoted one: tell the user (orders_list shows the order).',
      planned: money(error.planned.cents, error.planned.currency as Currency),
      charged: money(error.charged.cents, error.charged.currency as Currency),
      order_ref: error.orderRef,
      idempotent_replayed: error.replayed,
    };
  }
  if (error instanceof ConfigurationError) {
    return {
      error: 'configuration_error',
      message: error.message,
      next_step: 'Check the arguments (and the server configuration) and call again.',
    };
  }
  return {
    error: 'internal_error',
    message: `refapi-mcp failed (${error instanceof Error ? error.name : typeof error}).`,
    next_step: 'Try again; if it persists, report it to the user.',
  };
}

/** A tool error result: one readable line and the same facts as JSON. */
export function toolError(info: ToolErrorInfo): CallToolResult {
  const retry = info.retry_after === undefined ? '' : ` Retry after ${info.retry_after} s.`;
  return {
    isError: true,
    content: [
      { type: 'text', text: `Error ${info.error}: ${info.message} ${info.next_step}${retry}` },
      { type: 'text', text: JSON.stringify(info) },
    ],
  };
}
