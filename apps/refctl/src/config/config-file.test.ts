import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, writeConfig } from './config-file';
import { configFilePath } from './config-path';
import { maskKey } from './mask-key';

const tempDir = () => mkdtemp(join(tmpdir(), 'refctl-config-'));

describe('config file', () => {
  it('lives under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(configFilePath({ XDG_CONFIG_HOME: '/x/cfg', HOME: '/home/u' })).toBe(
      '/x/cfg/refctl/config.json',
    );
    expect(configFilePath({ HOME: '/home/u' })).toBe('/home/u/.config/refctl/config.json');
    // The XDG spec says relative values are invalid and must be ignored.
    expect(configFilePath({ XDG_CONFIG_HOME: 'rel', HOME: '/home/u' })).toBe(
      '/home/u/.config/refctl/config.json',
    );
  });

  it('reads a missing file as an empty config', async () => {
    expect(await readConfig(join(await tempDir(), 'none.json'))).toEqual({ profiles: {} });
  });

  it('writes mode 0600 in a 0700 directory and reads back', async () => {
    const path = join(await tempDir(), 'refctl', 'config.json');
    const config = { current_profile: 'a', profiles: { a: { api_key: 'refak_secret0001' } } };
    await writeConfig(path, config);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(path, '..'))).mode & 0o777).toBe(0o700);
    expect(await readConfig(path)).toEqual(config);
  });

  it('refuses a path that is not a regular file at once, and a file over 1 MiB', async () => {
    const dir = await tempDir();
    // A FIFO with no writer: reading it would wait for one, and the start with it.
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    await expect(readConfig(fifo)).rejects.toThrow(/fifo\.json is not a regular file$/);
    await expect(readConfig(dir)).rejects.toThrow(/is not a regular file$/);
    const big = join(dir, 'big.json');
    await writeFile(big, '{}');
    await truncate(big, 1024 * 1024 + 1);
    await expect(readConfig(big)).rejects.toThrow(/big\.json is larger than 1 MiB$/);
  });

  it('reports invalid JSON and invalid shapes without echoing the content', async () => {
    const path = join(await tempDir(), 'config.json');
    await writeFile(path, '{"profiles": {"a": {"api_key": "refak_secret0001"');
    await expect(readConfig(path)).rejects.toThrow(/is not valid JSON$/);
    await writeFile(path, JSON.stringify({ profiles: { a: { api_key: 7 } } }));
    const error = await readConfig(path).catch((e: Error) => e);
    expect(String(error)).toMatch(/invalid at profiles\.a\.api_key/);
    expect(await readFile(path, 'utf8')).toContain('7');
  });

  it('refuses a profile named __proto__ rather than drop it unseen', async () => {
    const path = join(await tempDir(), 'config.json');
    await writeFile(path, '{"profiles": {"__proto__": {"api_key": "refak_secret0001"}, "a": {}}}');
    await expect(readConfig(path)).rejects.toThrow(
      `config file ${path} is invalid at profiles.__proto__`,
    );
  });
});

describe('maskKey', () => {
  it('keeps the prefix and the last four characters only', () => {
    expect(maskKey('refak_a1full_0123456789')).toBe('refak_****6789');
    expect(maskKey('refak_x')).toBe('****');
    expect(maskKey('not-a-key-at-all')).toBe('****');
  });
});
