import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/helpers/fake-fetch';
import { overviewFetch, RULE_ID, rule } from '../../test/helpers/shield-fixtures';
import { RefClient } from '../client';
import { TimeoutError, WaitForError, WaitTimeoutError } from '../errors/client-errors';
import type { WaitForPoll } from '../internal/poll';
import type { ClientOptions } from '../options';

// What the rule and profile probes report to `onPoll`, and which timeout ends a wait.

/** Answers the rule list with the rule in `states[i]` (`null`: not listed; `'hang'`: never). */
const rulesFetch = (states: Array<string | null>) =>
  fakeFetch((request, i) => {
    const state = states[Math.min(i, states.length - 1)];
    if (state === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    }
    return json(200, { rules: state === null || state === undefined ? [] : [rule(state)] });
  });

const shieldOf = (fetch: ClientOptions['fetch'], options: Partial<ClientOptions> = {}) =>
  new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch, ...options }).shield(
    'REF-SVC-1',
  );

const states = (polls: WaitForPoll[]) => polls.map((p) => `${p.attempt}:${p.state}`);

describe('rules.waitFor onPoll', () => {
  it('sees each observed rule state, the final one included', async () => {
    const polls: WaitForPoll[] = [];
    const { fetch } = rulesFetch(['queued', 'applying', 'active']);
    const found = await shieldOf(fetch).rules.waitFor(RULE_ID, {
      state: 'active',
      interval: 5,
      onPoll: (poll) => polls.push(poll),
    });
    expect(found?.state).toBe('active');
    expect(states(polls)).toEqual(['1:queued', '2:applying', '3:active']);
  });

  it('sees `absent` once a deleted rule has left the list', async () => {
    const polls: WaitForPoll[] = [];
    const { fetch } = rulesFetch(['rolling_back', null]);
    await shieldOf(fetch).rules.waitFor(RULE_ID, {
      state: 'deleted',
      interval: 5,
      onPoll: (poll) => polls.push(poll),
    });
    expect(states(polls)).toEqual(['1:rolling_back', '2:absent']);
  });

  it('sees `failed` before the WaitForError', async () => {
    const polls: WaitForPoll[] = [];
    const { fetch } = rulesFetch(['applying', 'failed']);
    const error = await shieldOf(fetch)
      .rules.waitFor(RULE_ID, { state: 'active', interval: 5, onPoll: (p) => polls.push(p) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForError);
    expect(states(polls)).toEqual(['1:applying', '2:failed']);
  });
});

describe('profiles.waitFor onPoll', () => {
  it('sees `pending` while the previous profile still shows, then the bundle states', async () => {
    const { fetch } = overviewFetch([
      { code: 'off', state: 'off' },
      { code: 'strict', state: 'applying' },
      { code: 'strict', state: 'active' },
    ]);
    const polls: WaitForPoll[] = [];
    await shieldOf(fetch).profiles.waitFor('strict', {
      state: 'active',
      interval: 5,
      onPoll: (poll) => polls.push(poll),
    });
    expect(states(polls)).toEqual(['1:pending', '2:applying', '3:active']);
  });
});

describe('which timeout ends a wait', () => {
  it('a request that times out while the wait has time left is a plain TimeoutError', async () => {
    const { fetch } = rulesFetch(['queued', 'hang']);
    const error = await shieldOf(fetch, { timeout: 30, maxRetries: 0 })
      .rules.waitFor(RULE_ID, { state: 'active', interval: 5, timeout: 5_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).not.toBeInstanceOf(WaitTimeoutError);
    expect((error as TimeoutError).method).toBe('GET');
  });

  it('the wait deadline hit during a request is a WaitTimeoutError with the last state', async () => {
    const { fetch } = rulesFetch(['queued', 'applying', 'hang']);
    const error = await shieldOf(fetch, { timeout: 10_000 })
      .rules.waitFor(RULE_ID, { state: 'active', interval: 5, timeout: 150 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toMatchObject({ targetState: 'active', lastState: 'applying', timeoutMs: 150 });
    expect((error as Error).message).toBe(
      `Waiting for rule ${RULE_ID} to be active (last seen: applying) timed out after 150 ms.`,
    );
  });
});
