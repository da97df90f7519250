import { describe, expect, it } from 'vitest';
import type { fakeFetch } from '../../test/helpers/fake-fetch';
import { overviewFetch } from '../../test/helpers/shield-fixtures';
import { RefClient } from '../client';
import { ConfigurationError, WaitForError } from '../errors/client-errors';

const profilesOf = (fetch: ReturnType<typeof fakeFetch>['fetch']) =>
  new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch }).shield('REF-SVC-1')
    .profiles;

describe('profiles.waitFor', () => {
  it('polls the overview until the profile is active', async () => {
    const { fetch, requests } = overviewFetch([
      { code: 'off', state: 'off' },
      { code: 'strict', state: 'applying' },
      { code: 'strict', state: 'active' },
    ]);
    const profile = await profilesOf(fetch).waitFor('strict', { state: 'active', interval: 5 });
    expect(profile).toEqual({ code: 'strict', state: 'active' });
    expect(requests).toHaveLength(3);
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/v1/services/REF-SVC-1/shield');
  });

  it('refuses a wait without a profile code or with a bad timeout, as a rejection', async () => {
    const { fetch, requests } = overviewFetch([{ code: 'strict', state: 'active' }]);
    const profiles = profilesOf(fetch);
    const noCode = profiles.waitFor(undefined as never, { state: 'active' });
    await expect(noCode).rejects.toThrow(ConfigurationError);
    await expect(noCode).rejects.toThrow(/needs the profile code/);
    await expect(profiles.waitFor('strict', { state: 'active', timeout: -3 })).rejects.toThrow(
      /timeout must be a number from 0/,
    );
    expect(requests).toHaveLength(0);
  });

  it('throws WaitForError when the bundle fails', async () => {
    const { fetch } = overviewFetch([{ code: 'strict', state: 'failed' }]);
    await expect(
      profilesOf(fetch).waitFor('strict', { state: 'active', interval: 5 }),
    ).rejects.toBeInstanceOf(WaitForError);
  });
});
