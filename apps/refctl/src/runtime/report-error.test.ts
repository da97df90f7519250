import {
  type RefApiError,
  type RefApiErrorInit,
  ServiceUnavailableError,
  UnprocessableEntityError,
} from '@refapi/sdk';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../test/helpers/capture-io';
import { createRunState } from '../cli/run-state';
import { CancelledError, CliError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { reportError } from './report-error';

const apiError = (
  Class: new (init: RefApiErrorInit) => RefApiError,
  status: number,
  code: string,
) =>
  new Class({
    status,
    code,
    headers: new Headers(),
    rateLimit: undefined,
    method: 'POST',
    url: 'http://x/v1/orders',
    body: {},
  });

describe('reportError', () => {
  it('prints one line with status and code and returns the exit code', () => {
    const { io, stderr } = captureIo();
    const code = reportError(
      io,
      createRunState(),
      apiError(UnprocessableEntityError, 422, 'insufficient_balance'),
    );
    expect(code).toBe(1);
    expect(stderr()).toBe('error: insufficient balance (422 insufficient_balance)\n');
  });

  it('quotes the request id on the line and in the JSON error', () => {
    const error = new ServiceUnavailableError({
      status: 503,
      code: 'shield_paused',
      headers: new Headers(),
      rateLimit: undefined,
      requestId: 'req_0123456789abcdefABCDEF01',
      method: 'POST',
      url: 'http://x/v1/orders',
      body: {},
    });
    const state = { ...createRunState(), idempotencyKey: 'k-1' };
    const line = captureIo();
    reportError(line.io, state, error);
    expect(line.stderr()).toBe(
      'error: shield paused (503 shield_paused) (request req_0123456789abcdefABCDEF01); retry safely with --idempotency-key k-1\n',
    );
    const json = captureIo();
    reportError(json.io, { ...state, format: 'json' }, error);
    expect(JSON.parse(json.stderr()).error.request_id).toBe('req_0123456789abcdefABCDEF01');
  });

  it('adds the idempotency key only when the outcome is uncertain', () => {
    const state = { ...createRunState(), idempotencyKey: 'k-1' };
    const rejected = captureIo();
    reportError(
      rejected.io,
      state,
      apiError(UnprocessableEntityError, 422, 'insufficient_balance'),
    );
    expect(rejected.stderr()).not.toContain('k-1');
    const unknown = captureIo();
    reportError(unknown.io, state, apiError(ServiceUnavailableError, 503, 'shield_paused'));
    expect(unknown.stderr()).toBe(
      'error: shield paused (503 shield_paused); retry safely with --idempotency-key k-1\n',
    );
  });

  it('prints a JSON object for -o json, with the key', () => {
    const { io, stderr } = captureIo();
    const state = { ...createRunState(), format: 'json' as const, idempotencyKey: 'k-2' };
    reportError(io, state, apiError(ServiceUnavailableError, 503, 'shield_paused'));
    expect(JSON.parse(stderr())).toEqual({
      error: {
        message: 'shield paused',
        code: 'shield_paused',
        status: 503,
        exit_code: 1,
        retriable: true,
        idempotency_key: 'k-2',
      },
    });
  });

  it('scrubs secrets from anything it prints', () => {
    const { io, stderr } = captureIo();
    const state = createRunState();
    state.secrets.add('refak_secret_value');
    reportError(io, state, new CliError('server said refak_secret_value is bad'));
    expect(stderr()).toBe('error: server said [redacted] is bad\n');
  });

  it('colors the prefix on a terminal only, and never with NO_COLOR', () => {
    const tty = captureIo({}, true);
    reportError(tty.io, createRunState(), new CliError('x'));
    expect(tty.stderr()).toBe('\u001b[31merror:\u001b[39m x\n');
    const noColor = captureIo({ NO_COLOR: '1' }, true);
    reportError(noColor.io, createRunState(), new CliError('x'));
    expect(noColor.stderr()).toBe('error: x\n');
  });

  it('prints a cancellation as one plain line, not an error, in every format (exit 8 or 130)', () => {
    for (const format of ['table', 'json'] as const) {
      const { io, stderr } = captureIo({}, true);
      const state = { ...createRunState(), format, idempotencyKey: 'k-1' };
      const code = reportError(io, state, new CancelledError('cancelled; nothing was ordered'));
      expect(code).toBe(EXIT.cancelled);
      expect(stderr()).toBe('cancelled; nothing was ordered\n');
    }
    const { io } = captureIo();
    const interrupted = new CancelledError('cancelled; nothing was done', EXIT.interrupted);
    expect(reportError(io, createRunState(), interrupted)).toBe(130);
  });
});
