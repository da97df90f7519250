import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/cli-error';
import type { ConfigFile } from './config-file';
import { DEFAULT_BASE_URL, resolveSettings } from './resolve-settings';

const config: ConfigFile = {
  current_profile: 'dev',
  profiles: {
    dev: { base_url: 'http://dev.test/v1', api_key: 'refak_devkey0001' },
    prod: { base_url: 'https://prod.test/v1', api_key: 'refak_prodkey002' },
  },
};

describe('resolveSettings precedence (flag > env > profile > default)', () => {
  it('uses the current profile when nothing else is given', () => {
    const s = resolveSettings({}, {}, config);
    expect(s).toMatchObject({
      profile: 'dev',
      profileSource: 'config',
      baseUrl: 'http://dev.test/v1',
    });
    expect(s).toMatchObject({ apiKey: 'refak_devkey0001', apiKeySource: 'profile' });
  });

  it('lets REF_PROFILE pick the profile and --profile beat REF_PROFILE', () => {
    expect(resolveSettings({}, { REF_PROFILE: 'prod' }, config).baseUrl).toBe(
      'https://prod.test/v1',
    );
    const s = resolveSettings({ profile: 'dev' }, { REF_PROFILE: 'prod' }, config);
    expect(s).toMatchObject({ profile: 'dev', profileSource: 'flag', apiKey: 'refak_devkey0001' });
  });

  it('lets the environment beat the profile, and --base-url beat the environment', () => {
    const env = { REF_BASE_URL: 'http://env.test/v1', REF_API_KEY: 'refak_envkey0003' };
    const s = resolveSettings({ profile: 'prod' }, env, config);
    expect(s).toMatchObject({ baseUrl: 'http://env.test/v1', baseUrlSource: 'env' });
    expect(s).toMatchObject({ apiKey: 'refak_envkey0003', apiKeySource: 'env' });
    const flagged = resolveSettings({ baseUrl: 'http://flag.test/v1/' }, env, config);
    expect(flagged).toMatchObject({ baseUrl: 'http://flag.test/v1', baseUrlSource: 'flag' });
  });

  it('falls back to the default base URL and no key without any config', () => {
    const s = resolveSettings({}, {}, { profiles: {} });
    expect(s).toEqual({
      profile: undefined,
      profileSource: 'none',
      baseUrl: DEFAULT_BASE_URL,
      baseUrlSource: 'default',
      apiKey: undefined,
      apiKeySource: 'none',
    });
  });

  it('treats empty environment variables as unset', () => {
    expect(resolveSettings({}, { REF_API_KEY: '', REF_BASE_URL: '' }, config).apiKeySource).toBe(
      'profile',
    );
  });

  it('rejects a named profile that does not exist', () => {
    expect(() => resolveSettings({ profile: 'nope' }, {}, config)).toThrow(UsageError);
    expect(() => resolveSettings({}, { REF_PROFILE: 'nope' }, config)).toThrow(/REF_PROFILE/);
  });

  it('knows no profile by a name of every object (toString, constructor, __proto__)', () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(() => resolveSettings({ profile: name }, {}, config)).toThrow(
        `profile "${name}" (from --profile) does not exist; see: refctl config list`,
      );
      expect(() => resolveSettings({}, { REF_PROFILE: name }, config)).toThrow(/REF_PROFILE/);
      // A current profile that is gone is no profile at all, as for any other name.
      expect(resolveSettings({}, {}, { current_profile: name, profiles: {} })).toMatchObject({
        profile: undefined,
        profileSource: 'none',
        baseUrl: DEFAULT_BASE_URL,
      });
    }
    // Saved under such a name, it is a profile as any other.
    const saved = { profiles: { constructor: { base_url: 'http://c.test/v1' } } };
    expect(resolveSettings({ profile: 'constructor' }, {}, saved).baseUrl).toBe('http://c.test/v1');
  });

  it('rejects base URLs that are not http(s)', () => {
    expect(() => resolveSettings({ baseUrl: 'ftp://x/v1' }, {}, config)).toThrow(/http or https/);
    expect(() => resolveSettings({}, { REF_BASE_URL: 'not a url' }, config)).toThrow(/from env/);
  });
});
