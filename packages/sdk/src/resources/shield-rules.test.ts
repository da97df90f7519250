import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/helpers/fake-fetch';
import { RULE_ID, rule } from '../../test/helpers/shield-fixtures';
import { RefClient } from '../client';
import {
  ConfigurationError,
  TimeoutError,
  WaitForError,
  WaitTimeoutError,
} from '../errors/client-errors';

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

  it("shows the server's error code and last state escaped and short, keeping them whole on the error", async () => {
    const forged = `provider\u001b]0;pwned\u0007\r\nlevel=info msg="ok"\u202e${'x'.repeat(1_000_000)}`;
    const failed = fakeFetch(() =>
      json(200, { rules: [rule('failed', { last_error_code: forged })] }),
    );
    const error = (await rulesOf(failed.fetch)
      .waitFor(RULE_ID, { state: 'active', interval: 5 })
      .catch((e: unknown) => e)) as WaitForError;
    expect(error).toBeInstanceOf(WaitForError);
    expect(error.errorCode).toBe(forged);
    expect(error.message.length).toBeLessThan(400);
    expect(error.message).not.toMatch(/[\p{Cc}\u202a-\u202e]/u);
    expect(error.message).toContain(
      `rule ${RULE_ID} reached failed (provider\\u001b]0;pwned\\u0007\\u000d\\u000alevel=info msg="ok"\\u202ex`,
    );
    expect(error.message).toContain(`… (${forged.length} characters)) while waiting for active.`);

    const stuck = rulesFetch([forged]);
    const timedOut = (await rulesOf(stuck.fetch)
      .waitFor(RULE_ID, { state: 'active', timeout: 50, interval: 5 })
      .catch((e: unknown) => e)) as WaitTimeoutError;
    expect(timedOut).toBeInstanceOf(WaitTimeoutError);
    expect(timedOut.lastState).toBe(forged);
    expect(timedOut.message.length).toBeLessThan(400);
    expect(timedOut.message).toContain(`(last seen: provider\\u001b]0;pwned\\u0007`);
    expect(timedOut.message).not.toMatch(/[\p{Cc}\u202a-\u202e]/u);
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
