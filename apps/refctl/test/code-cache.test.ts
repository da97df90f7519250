import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refctl, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

// The built refctl runs its commands (dist/main.cjs) with V8's code cache of earlier runs
// (src/main-code-cache.ts), kept in the user's cache directory: written after a command it
// has not seen, read by the next start, and never a reason for a command to fail.

let server: TestServer;
beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

function run(args: string[], cacheHome: string, extra: Record<string, string> = {}) {
  return refctl(args, {
    env: {
      REF_BASE_URL: server.baseUrl,
      REF_API_KEY: KEYS.full,
      XDG_CONFIG_HOME: tempConfigHome(),
      XDG_CACHE_HOME: cacheHome,
      ...extra,
    },
  });
}

/** The cache files under `cacheHome` (of this refctl version), with their headers. */
function caches(cacheHome: string) {
  const versions = readdirSync(join(cacheHome, 'refctl'));
  expect(versions).toHaveLength(1);
  const dir = join(cacheHome, 'refctl', versions[0]!, 'code-cache');
  return readdirSync(dir).map((name) => {
    const path = join(dir, name);
    const bytes = readFileSync(path);
    const header = JSON.parse(bytes.subarray(0, bytes.indexOf(10)).toString()) as {
      commands: string[];
      bytes: number;
    };
    return { name, path, header, size: bytes.length, mtimeMs: statSync(path).mtimeMs };
  });
}

describe('the code cache of refctl from npm', () => {
  it('is written after a command it has not seen, and only then', async () => {
    const home = tempConfigHome();
    expect((await run(['me', '-o', 'json'], home)).code).toBe(0);
    const [first] = caches(home);
    expect(first?.name).toMatch(new RegExp(`^${process.version}-${process.arch}-[0-9a-f]+\\.bin$`));
    expect(first?.header.commands).toEqual(['me']);
    expect(first!.header.bytes).toBeGreaterThan(100_000);

    const again = await run(['me', '-o', 'json'], home);
    expect(again.code).toBe(0);
    expect(caches(home)[0]?.mtimeMs).toBe(first?.mtimeMs);

    expect((await run(['orders', 'list', '-o', 'json'], home)).code).toBe(0);
    const [grown] = caches(home);
    expect(grown?.header.commands).toEqual(['me', 'orders list']);
    expect(grown!.size).toBeGreaterThan(first!.size);
  });

  it('a damaged cache changes no answer and is written again', async () => {
    const home = tempConfigHome();
    const fresh = await run(['me', '-o', 'json'], home);
    const [cache] = caches(home);
    for (const damage of [
      Buffer.from('not a cache at all'),
      // A whole header over a cut-short cache, then one over V8 data of another length.
      Buffer.concat([
        Buffer.from(`${JSON.stringify({ ...cache!.header, bytes: 10 })}\n`),
        Buffer.alloc(5),
      ]),
      Buffer.concat([
        Buffer.from(`${JSON.stringify({ ...cache!.header, bytes: 64 })}\n`),
        Buffer.alloc(64, 7),
      ]),
    ]) {
      writeFileSync(cache!.path, damage);
      const answer = await run(['me', '-o', 'json'], home);
      expect(answer).toEqual(fresh);
      expect(caches(home)[0]?.header.commands).toEqual(['me']);
    }
  });

  it('a partial file left by a run that died while writing is removed once old', async () => {
    const home = tempConfigHome();
    await run(['me', '-o', 'json'], home);
    const [cache] = caches(home);
    const dir = dirname(cache!.path);
    const abandoned = `${cache!.path}.99999`;
    const writing = `${cache!.path}.99998`;
    writeFileSync(abandoned, 'half a cache');
    writeFileSync(writing, 'half a cache');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(abandoned, hourAgo, hourAgo);
    expect((await run(['balance', '-o', 'json'], home)).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([basename(cache!.path), basename(writing)].sort());
  });

  it('holds every parser a command runs: none is compiled with new Function (zod JIT)', async () => {
    // A preload counts what the code cache could not keep: code built from strings.
    const counter = join(tempConfigHome(), 'count-new-function.cjs');
    writeFileSync(
      counter,
      `const F = globalThis.Function; let n = 0;
globalThis.Function = new Proxy(F, { construct: (t, a) => (n++, Reflect.construct(t, a)), apply: (t, s, a) => (n++, Reflect.apply(t, s, a)) });
process.on('exit', () => process.stderr.write('new Function: ' + n + '\\n'));`,
    );
    const me = await run(['me', '-o', 'json'], tempConfigHome(), {
      NODE_OPTIONS: `--require ${counter}`,
    });
    expect(me.code).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ account_ref: 'REF-ACCT-A1' });
    expect(me.stderr).toBe('new Function: 0\n');
  });

  it('NODE_DISABLE_COMPILE_CACHE turns it off', async () => {
    const home = tempConfigHome();
    const answer = await run(['me', '-o', 'json'], home, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(answer.code).toBe(0);
    expect(() => readdirSync(join(home, 'refctl'))).toThrow(/ENOENT/);
  });
});
