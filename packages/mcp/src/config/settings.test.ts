import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../cli/usage-error';
import { resolveSettings } from './settings';

function configHome(config: unknown): string {
  const home = mkdtempSync(join(tmpdir(), 'refapi-mcp-'));
  mkdirSync(join(home, 'refctl'));
  writeFileSync(join(home, 'refctl', 'config.json'), JSON.stringify(config));
  return home;
}

const config = {
  current_profile: 'dev',
  profiles: {
    dev: { base_url: 'http://127.0.0.1:4010/v1', api_key: 'refak_dev_key_0001' },
    prod: { base_url: 'https://api.example.test/v1', api_key: 'refak_prod_key_0002' },
  },
};

describe('resolveSettings', () => {
  it('takes the environment first', async () => {
    const env = {
      XDG_CONFIG_HOME: configHome(config),
      REF_API_KEY: 'refak_env_key_0003',
      REF_BASE_URL: 'http://127.0.0.1:1/v1',
    };
    expect(await resolveSettings(undefined, env)).toEqual({
      apiKey: 'refak_env_key_0003',
      baseUrl: 'http://127.0.0.1:1/v1',
      keySource: 'REF_API_KEY',
    });
  });

  it('reads --profile, then the current profile of the refctl config', async () => {
    const env = { XDG_CONFIG_HOME: configHome(config) };
    expect(await resolveSettings('prod', env)).toMatchObject({
      apiKey: 'refak_prod_key_0002',
      baseUrl: 'https://api.example.test/v1',
      keySource: 'refctl profile prod',
    });
    expect(await resolveSettings(undefined, env)).toMatchObject({ apiKey: 'refak_dev_key_0001' });
  });

  it('names a missing profile, an unreadable config and a missing key', async () => {
    const env = { XDG_CONFIG_HOME: configHome(config) };
    await expect(resolveSettings('staging', env)).rejects.toThrow(/"staging" does not exist/);
    const broken = mkdtempSync(join(tmpdir(), 'refapi-mcp-'));
    mkdirSync(join(broken, 'refctl'));
    writeFileSync(join(broken, 'refctl', 'config.json'), '{not json');
    await expect(resolveSettings(undefined, { XDG_CONFIG_HOME: broken })).rejects.toThrow(
      /not valid JSON/,
    );
    const empty = mkdtempSync(join(tmpdir(), 'refapi-mcp-'));
    await expect(resolveSettings(undefined, { XDG_CONFIG_HOME: empty })).rejects.toBeInstanceOf(
      UsageError,
    );
  });
});
