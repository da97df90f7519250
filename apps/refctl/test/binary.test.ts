import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasScript, KEY, onTerminal } from './helpers/pty';
import { refctl, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

// The single executable of `pnpm build:binary`, smoke-tested where it can be built: the same
// answers as refctl from npm for `--version`, `me -o json` against a server, a prompt on a
// terminal (ink, yoga's wasm) and the completion script, and what it cannot carry said in
// one line. Built once (dist/sea/) and rebuilt when dist/main.cjs, which test/global-setup.ts
// rebuilds whenever the sources change, is newer.

const root = fileURLToPath(new URL('..', import.meta.url));
const BUILT = join(root, 'dist', 'sea', 'refctl');
const canBuild = process.platform === 'linux' && process.arch === 'x64';
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
};

let server: TestServer;
let binary: string;
const env = () => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: KEYS.full,
  XDG_CONFIG_HOME: tempConfigHome(),
  XDG_CACHE_HOME: tempConfigHome(),
});

describe.skipIf(!canBuild)(
  'the refctl executable (pnpm build:binary builds for Linux x64 only)',
  () => {
    beforeAll(async () => {
      const main = join(root, 'dist', 'main.cjs');
      if (!existsSync(BUILT) || statSync(BUILT).mtimeMs < statSync(main).mtimeMs) {
        execFileSync('pnpm', ['run', '--silent', 'build:binary'], { cwd: root, stdio: 'inherit' });
      }
      // A hard link: a `pnpm build` elsewhere (it cleans dist/) cannot take it away mid-test.
      const dir = join(root, 'node_modules', '.cache', 'refctl-binary');
      mkdirSync(dir, { recursive: true });
      binary = join(dir, `refctl-${process.pid}`);
      linkSync(BUILT, binary);
      server = await startServer(scenario);
    }, 180_000);
    afterAll(async () => {
      rmSync(binary, { force: true });
      await server?.close();
    });

    it('--version prints the package version', async () => {
      expect(await refctl(['--version'], { executable: binary })).toEqual({
        code: 0,
        stdout: `${version}\n`,
        stderr: '',
      });
    });

    it('me -o json answers what refctl from npm answers', async () => {
      const options = { env: env() };
      const fromNpm = await refctl(['me', '-o', 'json'], options);
      expect(fromNpm.code).toBe(0);
      expect(JSON.parse(fromNpm.stdout)).toMatchObject({ email: 'ada@example.test' });
      expect(await refctl(['me', '-o', 'json'], { ...options, executable: binary })).toEqual(
        fromNpm,
      );
    });

    it("keeps V8's code cache of a run, as refctl from npm does, and reads it back", async () => {
      const options = { env: env(), executable: binary };
      const dir = join(options.env.XDG_CACHE_HOME, 'refctl', version, 'code-cache');
      const cacheFile = () => {
        const [name, ...others] = readdirSync(dir);
        expect(others).toEqual([]);
        const path = join(dir, name as string);
        const bytes = readFileSync(path);
        const header = JSON.parse(bytes.subarray(0, bytes.indexOf(10)).toString());
        return { name, header, mtimeMs: statSync(path).mtimeMs };
      };
      expect((await refctl(['me', '-o', 'json'], options)).code).toBe(0);
      const first = cacheFile();
      // The executable's own Node (26), not the one running this test.
      expect(first.name).toMatch(/^v26\.\d+\.\d+-x64-[0-9a-f]+\.bin$/);
      expect(first.header.commands).toEqual(['me']);
      // Written again only when V8 rejected it or the command is new: it was taken.
      expect((await refctl(['me', '-o', 'json'], options)).code).toBe(0);
      expect(cacheFile().mtimeMs).toBe(first.mtimeMs);
    });

    it('--jq runs jq from the assets it carries', async () => {
      expect(await refctl(['me', '--jq', '.email'], { env: env(), executable: binary })).toEqual({
        code: 0,
        stdout: 'ada@example.test\n',
        stderr: '',
      });
    });

    it.runIf(hasScript)('asks on a terminal: Esc at the plan list cancels (exit 8)', async () => {
      const terminal = onTerminal(['orders', 'create', '--type', 'kvm'], env(), [binary]);
      await terminal.waitFor(/Plan \(kvm\)/);
      await new Promise((r) => setTimeout(r, 150));
      terminal.type(KEY.esc);
      expect(await terminal.exit).toBe(8);
      expect(terminal.text()).toMatch(/cancelled; nothing was ordered\n$/);
    });

    it('prints the completion script refctl from npm prints, which bash accepts', async () => {
      const fromNpm = await refctl(['completion', 'bash']);
      const fromBinary = await refctl(['completion', 'bash'], { executable: binary });
      expect(fromBinary).toEqual(fromNpm);
      expect(fromBinary.stdout).toContain('complete -F _refctl refctl');
      execFileSync('bash', ['-n'], { input: fromBinary.stdout });
    });

    it('server start says in one line that it needs refctl from npm (exit 2)', async () => {
      const { code, stdout, stderr } = await refctl(['server', 'start'], { executable: binary });
      expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
      expect(stderr).toMatch(/^refctl: server start is not in the refctl executable: [^\n]+\n$/);
    });
  },
);
