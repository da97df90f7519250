import { TimeoutError, WaitForError, type WaitForPoll, WaitTimeoutError } from '@refapi/sdk';
import { describe, expect, it } from 'vitest';
import { captureCtx, captureIo } from '../../test/helpers/capture-io';
import { createCtx } from '../cli/context';
import { createRunState } from '../cli/run-state';
import {
  CliError,
  WaitTimeoutError as CliWaitTimeoutError,
  InterruptedError,
} from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { waitFor } from './wait';

const goal = { subject: 'rule r1', target: 'active', checkWith: 'refctl shield rules list S' };

/**
 * A fake SDK wait that reports `states` to onPoll, then settles with `end`; the last poll
 * is final unless the wait ends by its deadline.
 */
const reporting =
  (states: string[], end: () => Promise<string>, endsByDeadline = false) =>
  async (options: { onPoll: (poll: WaitForPoll) => void }) => {
    for (const [i, state] of states.entries()) {
      const final = !endsByDeadline && i === states.length - 1;
      options.onPoll({ state, attempt: i + 1, elapsedMs: i * 500, final });
    }
    return end();
  };

describe('waitFor off a terminal', () => {
  it('prints one line per newly observed state, none for the target, then the outcome', async () => {
    const { ctx, stderr } = captureCtx();
    const states = ['queued', 'queued', 'applying', 'active'];
    const result = await waitFor(
      ctx,
      goal,
      30_000,
      reporting(states, async () => 'done'),
    );
    expect(result).toBe('done');
    expect(stderr()).toMatch(
      /^waiting for rule r1 to be active \(now: queued\)…\nwaiting for rule r1 to be active \(now: applying\)…\nrule r1 is active \(\d+s\)\n$/,
    );
    expect(stderr()).not.toContain('\u001b[');
  });

  it('prints no line for the final poll, e.g. `absent` ending a wait for `deleted`', async () => {
    const { ctx, stderr } = captureCtx();
    const deleted = { ...goal, target: 'deleted' };
    await waitFor(
      ctx,
      deleted,
      30_000,
      reporting(['rolling_back', 'absent'], async () => ''),
    );
    expect(stderr().split('\n')).toEqual([
      'waiting for rule r1 to be deleted (now: rolling_back)…',
      expect.stringMatching(/^rule r1 is deleted \(\d+s\)$/),
      '',
    ]);
  });

  it('hands timeout, signal and onPoll to the SDK call', async () => {
    const { ctx } = captureCtx();
    let seen: object | undefined;
    await waitFor(ctx, goal, 12_000, async (options) => {
      seen = options;
    });
    expect(seen).toEqual({ timeout: 12_000, signal: ctx.signal, onPoll: expect.any(Function) });
  });
});

describe('waitFor errors', () => {
  it('maps the wait deadline to exit 7 with the last observed state', async () => {
    const { ctx } = captureCtx();
    const deadline = new WaitTimeoutError({
      what: 'rule r1',
      targetState: 'active',
      lastState: 'applying',
      timeoutMs: 1_000,
    });
    const error = await waitFor(
      ctx,
      goal,
      1_000,
      reporting(['applying'], () => Promise.reject(deadline), true),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliWaitTimeoutError);
    expect(error).toMatchObject({
      exitCode: EXIT.waitTimeout,
      code: 'wait_timeout',
      message:
        'timed out after 1s waiting for rule r1 to be active (last seen: applying); it goes on server-side: refctl shield rules list S',
    });
  });

  it('leaves a request timeout inside the wait a plain TimeoutError (exit 1, retriable)', async () => {
    const { ctx } = captureCtx();
    const requestTimeout = new TimeoutError({
      method: 'GET',
      url: 'http://127.0.0.1/v1/services/S/shield/rules',
      timeoutMs: 30_000,
      what: 'timed out',
    });
    const error = await waitFor(ctx, goal, 120_000, () => Promise.reject(requestTimeout)).catch(
      (e: unknown) => e,
    );
    expect(error).toBe(requestTimeout);
  });

  it('maps a failed state to exit 1 without a progress line for it', async () => {
    const { ctx, stderr } = captureCtx();
    const failed = new WaitForError('rule r1', 'active', 'failed', 'apply_failed');
    const error = await waitFor(
      ctx,
      goal,
      30_000,
      reporting(['applying', 'failed'], () => Promise.reject(failed)),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      exitCode: EXIT.error,
      code: 'wait_failed',
      message: 'rule r1 ended failed (apply_failed) instead of active',
    });
    expect(stderr()).toBe('waiting for rule r1 to be active (now: applying)…\n');
  });
});

describe('waitFor on Ctrl-C', () => {
  it('says which rule goes on at the server and how to follow it (exit 130)', async () => {
    const controller = new AbortController();
    const { ctx } = captureCtx('table', { signal: controller.signal });
    const error = await waitFor(ctx, goal, 120_000, async ({ onPoll, signal }) => {
      onPoll({ state: 'queued', attempt: 1, elapsedMs: 0, final: false });
      controller.abort(new InterruptedError());
      throw signal.reason;
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(error).toMatchObject({
      exitCode: EXIT.interrupted,
      message:
        'interrupted while waiting for rule r1 to be active (last seen: queued); the change goes on at the server: refctl shield rules list S',
    });
  });
});

describe('waitFor colours', () => {
  it('colours the state reached on a terminal, not with NO_COLOR', async () => {
    for (const [env, colored] of [
      [{}, true],
      [{ NO_COLOR: '1' }, false],
    ] as const) {
      const { io, stderr } = captureIo(env, true);
      const globals = {
        output: 'json',
        headers: true,
        debug: false,
        color: true,
        input: true,
      } as const;
      const ctx = createCtx(io, globals, createRunState(), new AbortController().signal);
      await waitFor(
        ctx,
        goal,
        30_000,
        reporting(['active'], async () => ''),
      );
      const line = stderr().replace(/\(\d+s\)/, '(Ns)');
      expect(line).toBe(
        colored ? 'rule r1 is \u001b[32mactive\u001b[39m (Ns)\n' : 'rule r1 is active (Ns)\n',
      );
    }
  });
});
