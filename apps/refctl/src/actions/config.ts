import { text } from 'node:stream/consumers';
import { API_KEY_PREFIX } from '@refapi/schema/values';
import type { Handler } from '../cli/lazy-action';
import { typedHandler } from '../cli/typed-handler';
import { readConfig, savedProfile, writeConfig } from '../config/config-file';
import { configFilePath } from '../config/config-path';
import { whileLocked } from '../config/file-lock';
import { maskKey } from '../config/mask-key';
import { maskUrlCredentials } from '../config/mask-url';
import { checkBaseUrl, resolveSettings } from '../config/resolve-settings';
import { UsageError } from '../errors/cli-error';
import { SET_PROFILE_FLAGS } from '../flags/command-flags';
import { flagSchema } from '../flags/flag-schema';
import type { View } from '../output/view';
import { note, print } from '../runtime/print';
import { listLimit } from '../runtime/print-list';
import { ListFlags } from './flags';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const profileView: View = {
  columns: ['name', 'current', 'base_url', 'api_key'],
  fields: ['name', 'current', 'base_url', 'api_key'],
};

function checkName(name: string): string {
  if (!NAME.test(name))
    throw new UsageError(`invalid profile name "${name}": use letters, digits, _ . -`);
  return name;
}

/** `refctl config set-profile NAME [--base-url URL] [--api-key-stdin] [--use]`. */
export const setProfile = typedHandler(
  flagSchema(SET_PROFILE_FLAGS),
  async (ctx, [rawName], opts) => {
    const name = checkName(rawName!);
    const path = configFilePath(ctx.io.env);
    // `--base-url` is the global option; here it names the profile's URL.
    const baseUrl =
      ctx.globals.baseUrl === undefined ? undefined : checkBaseUrl(ctx.globals.baseUrl, 'flag');
    // Read before the file is locked: stdin may take as long as the user takes to paste.
    const apiKey = opts.apiKeyStdin === true ? await readKey(ctx) : undefined;
    const current = await whileLocked(path, async () => {
      const config = await readConfig(path);
      const profile = { ...savedProfile(config, name) };
      if (baseUrl !== undefined) profile.base_url = baseUrl;
      if (apiKey !== undefined) profile.api_key = apiKey;
      config.profiles[name] = profile;
      if (opts.use === true || config.current_profile === undefined) config.current_profile = name;
      await writeConfig(path, config);
      return config.current_profile === name;
    });
    note(ctx, `profile "${name}" saved in ${path}${current ? ' (current)' : ''}`);
  },
);

// The key comes from stdin only: an argument would show in `ps` and shell history.
async function readKey(ctx: Parameters<Handler>[0]): Promise<string> {
  if (ctx.io.stdin.isTTY) note(ctx, 'paste the API key, then press Enter and Ctrl-D:');
  const key = (await text(ctx.io.stdin)).trim();
  if (!key.startsWith(API_KEY_PREFIX) || !/^[\x21-\x7e]+$/.test(key)) {
    throw new UsageError(
      `the API key read from stdin must be one word starting with ${API_KEY_PREFIX}`,
    );
  }
  ctx.state.secrets.add(key);
  return key;
}

/** `refctl config use NAME`. */
export const use: Handler = async (ctx, [name]) => {
  const path = configFilePath(ctx.io.env);
  await whileLocked(path, async () => {
    const config = await readConfig(path);
    if (savedProfile(config, name!) === undefined)
      throw new UsageError(`profile "${name}" does not exist; see: refctl config list`);
    config.current_profile = name;
    await writeConfig(path, config);
  });
  note(ctx, `current profile: ${name}`);
};

/** `refctl config list`: profiles with masked keys. */
export const list = typedHandler(ListFlags, async (ctx, _args, opts) => {
  const limit = listLimit(ctx, opts, profileView);
  const config = await readConfig(configFilePath(ctx.io.env));
  const profiles = Object.entries(config.profiles).slice(0, limit);
  const rows = profiles.map(([name, p]) => ({
    name,
    current: name === config.current_profile,
    // A profile written before credentials were refused may still hold some.
    base_url: p.base_url === undefined ? null : maskUrlCredentials(p.base_url),
    api_key: p.api_key === undefined ? null : maskKey(p.api_key),
  }));
  await print(ctx, { kind: 'rows', value: rows, rows, view: profileView });
});

/** `refctl config show`: the settings in effect, each with its source; the key masked. */
export const show: Handler = async (ctx) => {
  const path = configFilePath(ctx.io.env);
  const s = resolveSettings(ctx.globals, ctx.io.env, await readConfig(path));
  await print(ctx, {
    kind: 'object',
    value: {
      config_file: path,
      profile: s.profile ?? null,
      profile_source: s.profileSource,
      base_url: s.baseUrl,
      base_url_source: s.baseUrlSource,
      api_key: s.apiKey === undefined ? null : maskKey(s.apiKey),
      api_key_source: s.apiKeySource,
    },
  });
};

/** `refctl config delete NAME`. */
export const remove: Handler = async (ctx, [name]) => {
  const path = configFilePath(ctx.io.env);
  await whileLocked(path, async () => {
    const config = await readConfig(path);
    if (savedProfile(config, name!) === undefined)
      throw new UsageError(`profile "${name}" does not exist; see: refctl config list`);
    delete config.profiles[name!];
    if (config.current_profile === name) delete config.current_profile;
    await writeConfig(path, config);
  });
  note(ctx, `profile "${name}" deleted`);
};
