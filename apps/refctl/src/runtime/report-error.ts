import { isRefApiError } from '@refapi/sdk';
import type { RunState } from '../cli/run-state';
import { CancelledError, PlainUsageError } from '../errors/cli-error';
import type { ExitCode } from '../errors/exit-codes';
import { colorEnabled, type Io } from '../io/io';
import { red } from '../output/colors';
import { escapeControls, escapeControlsInLines } from '../output/control-chars';
import { toJson } from '../output/json';
import { describeError } from './describe-error';
import { scrub } from './scrub';

// A refusal the server stored under the key given with --idempotency-key: the same key gets
// it again even once its cause is gone (a top-up after insufficient_balance).
const REPLAYED =
  'replayed: the answer stored for this idempotency key, which it gets again whatever changed since; a new key sends the request again';

/**
 * Prints one failure on stderr — one readable line, or one JSON object with `-o json` /
 * `-o ndjson` — and returns the exit code. Secrets are scrubbed from whatever is printed.
 * When a mutation's outcome is unknown (no response, 5xx, 429, interrupted), the line
 * carries its idempotency key for a safe retry.
 */
export function reportError(io: Io, state: RunState, error: unknown): ExitCode {
  // Declining at a prompt is no error: one plain line, whatever the output format.
  if (error instanceof CancelledError) {
    io.stderr.write(`${escapeControls(error.message)}\n`);
    return error.exitCode;
  }
  // What the user asked to see (the fields of `--json`): as written, whatever the format.
  if (error instanceof PlainUsageError) {
    io.stderr.write(`${escapeControlsInLines(error.message)}\n`);
    return error.exitCode;
  }
  const described = describeError(error, state.baseUrl);
  // The command's own hint (a refusal replayed under a plan's key) says more than a guess.
  const ownHint =
    state.errorHint ?? (isRefApiError(error) && error.replayed ? REPLAYED : undefined);
  const report = ownHint === undefined ? described : { ...described, hint: ownHint };
  const key = state.idempotencyKey;
  if (state.format === 'json' || state.format === 'ndjson') {
    const body = {
      error: {
        message: report.message,
        code: report.code,
        ...(report.status === undefined ? {} : { status: report.status }),
        ...(report.conflictStatus === undefined ? {} : { conflict_status: report.conflictStatus }),
        exit_code: report.exitCode,
        retriable: report.retriable,
        ...(report.requestId === undefined ? {} : { request_id: report.requestId }),
        ...(key === undefined ? {} : { idempotency_key: key }),
        ...(report.hint === undefined ? {} : { hint: report.hint }),
      },
    };
    io.stderr.write(`${scrub(toJson(body), state.secrets)}\n`);
  } else {
    const where =
      report.status === undefined
        ? ''
        : ` (${report.status} ${report.code}${report.conflictStatus ? `, status ${report.conflictStatus}` : ''})`;
    // Only an uncertain outcome is worth retrying with the same key: a definitive rejection
    // is stored under the key too and would just be replayed.
    const request = report.requestId === undefined ? '' : ` (request ${report.requestId})`;
    const retry =
      key !== undefined && report.retriable
        ? `; retry safely ${state.retryHint ?? `with --idempotency-key ${key}`}`
        : '';
    const hint = report.hint === undefined ? '' : ` (${report.hint})`;
    const prefix = colorEnabled(io, io.stderr, state.color) ? red('error:') : 'error:';
    // One line, whatever the server put in its error code.
    const line = escapeControls(
      scrub(`${report.message}${where}${request}${retry}${hint}`, state.secrets),
    );
    io.stderr.write(`${prefix} ${line}\n`);
  }
  if (state.debug && error instanceof Error && error.stack) {
    // The stack starts with the message: server text or what was typed, shown as above.
    io.stderr.write(`${escapeControlsInLines(scrub(error.stack, state.secrets))}\n`);
  }
  return report.exitCode;
}
