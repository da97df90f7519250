import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { CliError } from '../errors/cli-error';

// Built when there is a file to check, not at import: a command configured by its flags
// and environment (scripts, CI) reads no file, and zod schemas cost time to build.
function buildConfigFileSchema() {
  const profile = z.strictObject({
    base_url: z.string().optional(),
    api_key: z.string().optional(),
  });
  return z.strictObject({
    current_profile: z.string().optional(),
    profiles: z.record(z.string(), profile).default({}),
  });
}

let configFileSchema: ReturnType<typeof buildConfigFileSchema> | undefined;

/** The config file's content. */
export type ConfigFile = z.infer<ReturnType<typeof buildConfigFileSchema>>;

/** Far above any config of profiles refctl writes; a larger file is not one. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** Reads the config file; a missing file is an empty config. */
export async function readConfig(path: string): Promise<ConfigFile> {
  let text: string;
  try {
    text = readConfigText(path);
  } catch (error) {
    if (error instanceof CliError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw new CliError(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CliError(`config file ${path} is not valid JSON`, undefined, 'invalid_config');
  }
  // zod drops a record's `__proto__` key without a word: that profile would be missing, and the
  // next write would lose it. No name refctl saves can be it (a profile name starts with a
  // letter or a digit): one written by hand is refused as any other invalid entry.
  const profiles = (json as { profiles?: unknown } | null)?.profiles;
  if (typeof profiles === 'object' && profiles !== null && Object.hasOwn(profiles, '__proto__')) {
    throw new CliError(
      `config file ${path} is invalid at profiles.__proto__`,
      undefined,
      'invalid_config',
    );
  }
  configFileSchema ??= buildConfigFileSchema();
  const parsed = configFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || '(root)';
    throw new CliError(`config file ${path} is invalid at ${where}`, undefined, 'invalid_config');
  }
  return parsed.data;
}

/**
 * The profile saved as `name`, if any: own entries only, so `constructor` or `toString` is no
 * more a profile than any other name never saved.
 */
export function savedProfile(
  config: ConfigFile,
  name: string,
): ConfigFile['profiles'][string] | undefined {
  return Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
}

/**
 * The config file's text, read at once: every command reads it first, with nothing to
 * overlap (a promise read would start the thread pool and load node:fs/promises only to find
 * there is no file). Opened without blocking, so a FIFO or a device at the path is refused at
 * once instead of hanging the start, and Ctrl-C with it.
 */
function readConfigText(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      throw new CliError(`config file ${path} is not a regular file`, undefined, 'invalid_config');
    }
    if (stats.size > MAX_CONFIG_BYTES) {
      throw new CliError(`config file ${path} is larger than 1 MiB`, undefined, 'invalid_config');
    }
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `text` to `path` readable by its owner only (0600, directory 0700), through a temp
 * file and a rename, so a crash never leaves half a file.
 */
export async function writePrivateFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, text, { mode: 0o600 });
  // The mode given to writeFile is filtered by the umask; make it exact.
  await chmod(temp, 0o600);
  await rename(temp, path);
}

/** Writes the config file, private to its owner: it holds API keys. */
export async function writeConfig(path: string, config: ConfigFile): Promise<void> {
  await writePrivateFile(path, `${JSON.stringify(config, null, 2)}\n`);
}
