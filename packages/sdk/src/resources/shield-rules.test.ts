import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/helpers/fake-fetch';
import { RULE_ID, rule } from '../../test/helpers/shield-fixtures';
import { RefClient } from '../client';
import { ConfigurationError, TimeoutError, WaitForError } from '../errors/client-errors';

const rulesFetch = (states: Array<string | null>) =>
  fakeFetch((_request, i) => {
    const state = states[Math.min(i, states.length - 1)];
    return json(200, { rules: state === null || state === undefined ? [] : [rule(state)] });
  });

const rulesOf = (fetch: ReturnType<typeof fakeFetch>['fetch']) =>
  new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch }).shield('REF-SVC-1')
    .rules;

describe('rules.waitFor', () => {
  it('polls until the rule is active and returns it', async () => {
    const { fetch, requests } = rulesFetch(['queued', 'applying', 'active']);
    const found = await rulesOf(fetch).waitFor(RULE_ID, { state: 'active', interval: 5 });
    expect(found?.state).toBe('active');
    expect(requests).toHaveLength(3);
  });

  it('refuses a wait it cannot run (no id, no state, a bad timeout or interval), polling nothing', async () => {
    const { fetch, requests } = rulesFetch(['active']);
    const rules = rulesOf(fetch);
    const refused: Array<[unknown, Record<string, unknown>, RegExp]> = [
      [undefined, { state: 'active' }, /needs the rule id/],
      ['', { state: 'active' }, /needs the rule id/],
      [RULE_ID, {}, /needs the state to wait for/],
      [RULE_ID, { state: 'active', timeout: -1 }, /timeout must be a number from 0/],
      [RULE_ID, { state: 'active', timeout: Number.NaN }, /timeout must be a number from 0/],
      [RULE_ID, { state: 'active', interval: -5 }, /interval must be a number from 0/],
    ];
    for (const [id, options, named] of refused) {
      const wait = rules.waitFor(id as string, options as { state: 'active' });
      await expect(wait, JSON.stringify([id, options])).rejects.toThrow(ConfigurationError);
      await expect(wait).rejects.toThrow(named);
    }
    expect(requests).toHaveLength(0);
  });

  it('throws WaitForError with the error code when the rule fails', async () => {
    const { fetch } = fakeFetch(() =>
      json(200, { rules: [rule('failed', { last_error_code: 'provider_rejected' })] }),
    );
    const error = await rulesOf(fetch)
      .waitFor(RULE_ID, { state: 'active', interval: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForError);
    expect((error as WaitForError).errorCode).toBe('provider_rejected');
  });

  it('waits for a deleted rule to leave the list', async () => {
    const { fetch } = rulesFetch(['rolling_back', null]);
    await expect(
      rulesOf(fetch).waitFor(RULE_ID, { state: 'deleted', interval: 5 }),
    ).resolves.toBeUndefined();
  });

  it('throws WaitForError when the awaited rule is gone', async () => {
    const { fetch } = rulesFetch([null]);
    await expect(
      rulesOf(fetch).waitFor(RULE_ID, { state: 'active', interval: 5 }),
    ).rejects.toBeInstanceOf(WaitForError);
  });

  it('gives up with TimeoutError after the timeout', async () => {
    const { fetch } = rulesFetch(['applying']);
    const started = Date.now();
    const error = await rulesOf(fetch)
      .waitFor(RULE_ID, { state: 'active', timeout: 200, interval: 20 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain(`rule ${RULE_ID} to be active`);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
