import { describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  TimeoutError,
  UserAbortError,
  WaitForError,
  WaitTimeoutError,
} from '../errors/client-errors';
import { isTimeoutError, isWaitTimeoutError } from '../errors/guards';
import { type Observed, pollUntil, type WaitForPoll } from './poll';

/** A probe answering `states` in turn (the last one repeats); `active` ends the wait. */
function scripted(states: string[]) {
  const probe = vi.fn(async (): Promise<Observed<string>> => {
    const state = states[Math.min(probe.mock.calls.length - 1, states.length - 1)] ?? 'queued';
    if (state === 'active') return { state, outcome: 'done', value: 'the rule' };
    if (state === 'failed') {
      return { state, outcome: 'failed', error: new WaitForError('rule r1', 'active', state) };
    }
    return { state, outcome: 'pending' };
  });
  return probe;
}

/** A probe whose request never answers: it rejects only once its signal aborts. */
const hanging = (signal: AbortSignal) =>
  new Promise<Observed<string>>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

const requestTimeout = () =>
  new TimeoutError({
    method: 'GET',
    url: 'https://api.test/v1/services/REF-SVC-1/shield/rules',
    timeoutMs: 10,
    what: 'timed out',
  });

describe('pollUntil pauses', () => {
  it('grows from a first pause of 0 instead of polling every timer tick', async () => {
    const probe = scripted(['queued']);
    const wait = pollUntil('rule r1', probe, { state: 'active', interval: 0, timeout: 300 });
    await expect(wait).rejects.toBeInstanceOf(WaitTimeoutError);
    // 1, 1.5, 2.25 … ms: about 14 polls in 300 ms, not one a millisecond (~300).
    expect(probe.mock.calls.length).toBeLessThan(30);
  });
});

describe('pollUntil options', () => {
  it('refuses an onPoll that is not a function before polling', async () => {
    const probe = scripted(['active']);
    const onPoll = 'log' as unknown as () => void;
    await expect(pollUntil('rule r1', probe, { state: 'active', onPoll })).rejects.toThrow(
      new ConfigurationError('onPoll must be a function, got string.'),
    );
    expect(probe).not.toHaveBeenCalled();
  });
});

describe('pollUntil onPoll', () => {
  it('reports every poll with the observed state, attempt and elapsed time', async () => {
    const polls: WaitForPoll[] = [];
    const probe = scripted(['queued', 'applying', 'applying', 'active']);
    const value = await pollUntil('rule r1', probe, {
      state: 'active',
      interval: 5,
      onPoll: (poll) => polls.push(poll),
    });
    expect(value).toBe('the rule');
    expect(polls.map((p) => [p.attempt, p.state, p.final])).toEqual([
      [1, 'queued', false],
      [2, 'applying', false],
      [3, 'applying', false],
      [4, 'active', true],
    ]);
    const elapsed = polls.map((p) => p.elapsedMs);
    expect(elapsed[0]).toBeGreaterThanOrEqual(0);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
    expect(elapsed.at(-1)).toBeGreaterThanOrEqual(5 + 7.5 + 11.25 - 3); // the backoff pauses
  });

  it('reports the failed state before rejecting with WaitForError', async () => {
    const states: string[] = [];
    const error = await pollUntil('rule r1', scripted(['applying', 'failed']), {
      state: 'active',
      interval: 5,
      onPoll: ({ state, final }) => states.push(`${state}${final ? ' (final)' : ''}`),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForError);
    expect(states).toEqual(['applying', 'failed (final)']);
  });

  it('stops waiting and rejects with the error a throwing onPoll raised', async () => {
    const probe = scripted(['queued']);
    const boom = new Error('progress display broke');
    const error = await pollUntil('rule r1', probe, {
      state: 'active',
      interval: 5,
      timeout: 1_000,
      onPoll: ({ attempt }) => {
        if (attempt === 2) throw boom;
      },
    }).catch((e: unknown) => e);
    expect(error).toBe(boom);
    await new Promise((r) => setTimeout(r, 30));
    expect(probe).toHaveBeenCalledTimes(2); // no poll after the throw
  });

  it('lets a throwing onPoll win over a final state', async () => {
    const boom = new Error('no');
    await expect(
      pollUntil('rule r1', scripted(['active']), {
        state: 'active',
        onPoll: () => {
          throw boom;
        },
      }),
    ).rejects.toBe(boom);
  });
});

describe('pollUntil deadline', () => {
  it('throws WaitTimeoutError, a TimeoutError, with the target and last observed state', async () => {
    const error = await pollUntil('rule r1', scripted(['queued', 'applying']), {
      state: 'active',
      interval: 5,
      timeout: 60,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      name: 'WaitTimeoutError',
      targetState: 'active',
      lastState: 'applying',
      timeoutMs: 60,
      method: undefined,
      message: 'Waiting for rule r1 to be active (last seen: applying) timed out after 60 ms.',
    });
  });

  it('has no last state when no poll was answered before the deadline', async () => {
    const onPoll = vi.fn();
    const error = await pollUntil('profile strict', hanging, {
      state: 'active',
      timeout: 30,
      onPoll,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as WaitTimeoutError).lastState).toBeUndefined();
    expect((error as Error).message).toBe(
      'Waiting for profile strict to be active timed out after 30 ms.',
    );
    expect((error as Error).cause).toBeInstanceOf(DOMException); // the deadline's abort reason
    expect(onPoll).not.toHaveBeenCalled();
  });

  it('keeps a request timeout inside the wait a plain TimeoutError while time is left', async () => {
    const timeout = requestTimeout();
    const probe = vi
      .fn<() => Promise<Observed<string>>>()
      .mockResolvedValueOnce({ state: 'queued', outcome: 'pending' })
      .mockRejectedValueOnce(timeout);
    const error = await pollUntil('rule r1', probe, {
      state: 'active',
      interval: 5,
      timeout: 5_000,
    }).catch((e: unknown) => e);
    expect(error).toBe(timeout);
    expect(isTimeoutError(error)).toBe(true);
    expect(isWaitTimeoutError(error)).toBe(false);
  });

  it('turns the caller’s own abort into UserAbortError, the reason its cause', async () => {
    const controller = new AbortController();
    const reason = new Error('user gave up');
    setTimeout(() => controller.abort(reason), 20);
    const error = await pollUntil('rule r1', scripted(['queued']), {
      state: 'active',
      interval: 5,
      timeout: 5_000,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserAbortError);
    expect((error as UserAbortError).cause).toBe(reason);
  });
});

describe('isWaitTimeoutError', () => {
  const waitTimeout = new WaitTimeoutError({
    what: 'rule r1',
    targetState: 'active',
    lastState: 'queued',
    timeoutMs: 1_000,
  });

  it('tells a wait deadline from a request timeout', () => {
    expect(isWaitTimeoutError(waitTimeout)).toBe(true);
    expect(isTimeoutError(waitTimeout)).toBe(true);
    expect(isWaitTimeoutError(requestTimeout())).toBe(false);
    expect(isWaitTimeoutError(new Error('x'))).toBe(false);
    expect(isWaitTimeoutError(undefined)).toBe(false);
  });

  it('narrows to the fields of the error', () => {
    const error: unknown = waitTimeout;
    if (!isWaitTimeoutError(error)) throw new Error('not narrowed');
    expect([error.targetState, error.lastState, error.timeoutMs]).toEqual([
      'active',
      'queued',
      1_000,
    ]);
  });
});
