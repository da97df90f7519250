import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellSnippets } from './snippets.ts';

// Docs that run: every ```sh block of the READMEs is executed with bash against the built
// `ref-server` (demo scenario, port 0), so a recipe that drifts from the product fails
// here. Blocks that install, start servers or watch are marked
// `<!-- docs-test: skip (why) -->` in the Markdown itself (see snippets.ts).

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADMIN_TOKEN = 'demo-admin-token';
/** The address the docs use; rewritten to the test server's. */
const DOC_ORIGIN = 'http://127.0.0.1:4010';

/**
 * Where each document's blocks run: the repository root (blocks use `pnpm …` or
 * `cd examples/…`), or an empty temporary folder (blocks that write files); and the
 * tools beyond Node and pnpm they call. A document with shell blocks that is missing
 * here fails the first test. `jq` pipes of the READMEs run everywhere: without a jq on the
 * machine, jq-web (refctl's --jq engine) stands in (`jq-web-cli.mjs`); the shell
 * example's script wants the real jq.
 */
const DOCS: Record<string, { cwd: 'root' | 'temp'; tools?: string[] }> = {
  'README.md': { cwd: 'root' },
  'CONTRIBUTING.md': { cwd: 'root' },
  'apps/console/README.md': { cwd: 'root' },
  'apps/refctl/README.md': { cwd: 'temp' },
  'packages/server/README.md': { cwd: 'temp', tools: ['curl'] },
  'packages/schema/README.md': { cwd: 'root' },
  'packages/sdk/README.md': { cwd: 'root' },
  'packages/mcp/README.md': { cwd: 'root' },
  'examples/shell/README.md': { cwd: 'root', tools: ['jq'] },
  'examples/sdk-quickstart/README.md': { cwd: 'root' },
  'examples/shield-automation/README.md': { cwd: 'root' },
  'examples/vitest-suite/README.md': { cwd: 'root' },
  'examples/shared-server/README.md': { cwd: 'root' },
};

const missingTools = (tools: string[] = []) =>
  tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);

const IGNORED_DIRS = new Set(['node_modules', '.git', 'dist', 'docs', '.changeset']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return IGNORED_DIRS.has(entry.name) ? [] : markdownFiles(join(dir, entry.name));
    return entry.name.endsWith('.md') ? [relative(ROOT, join(dir, entry.name))] : [];
  });
}

let server: ChildProcess | undefined;
let origin = '';
let scratch = '';
let env: Record<string, string> = {};

function ensureBuilt(pkg: string, file: string): void {
  if (!existsSync(join(ROOT, file)))
    execFileSync('pnpm', ['--filter', pkg, 'build'], { cwd: ROOT, stdio: 'ignore' });
}

async function startServer(): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      'packages/server/bin/ref-server.js',
      '--port',
      '0',
      '--admin-token',
      ADMIN_TOKEN,
      '--log',
      'silent',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`ref-server exited (${code}): ${out}`)));
  });
}

const admin = (path: string, body?: unknown) =>
  fetch(`${origin}/__admin${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

function runBash(script: string, cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** The packages whose scripts the blocks run with `pnpm [-C dir] [-s] <script>`. */
const SCRIPT_PACKAGES = ['.', ...readdirSync(join(ROOT, 'examples')).map((d) => `examples/${d}`)];

/**
 * A `pnpm` first on the blocks' PATH. Starting pnpm costs about a second of CPU, and the
 * blocks call it some twenty times (`pnpm -s refctl …`, an example's `pnpm start`), a third
 * of this file's time on a loaded machine. For a script that is a plain `node …` command
 * line, the shim does what `pnpm run` does with it: in the package's folder, with the
 * package's and the root's node_modules/.bin first on PATH, `sh -c "<script> <args>"`,
 * the command read from that package.json now (so a script that changes is run as changed).
 * Everything else (another command, another folder, a script that is not a plain node
 * command) goes to the real pnpm. Left out: pnpm's `> pkg script` banner without `-s`.
 */
function pnpmShim(): string {
  const real = spawnSync('sh', ['-c', 'command -v pnpm'], { encoding: 'utf8' }).stdout.trim();
  if (real === '') throw new Error('pnpm is not on PATH');
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  const cases: string[] = [];
  for (const pkg of SCRIPT_PACKAGES) {
    const dir = join(ROOT, pkg);
    if (!existsSync(join(dir, 'package.json'))) continue;
    const { scripts = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    for (const [name, command] of Object.entries(scripts)) {
      // A plain node command line: no shell operators, no other tool started first.
      if (!/^node [^&|;<>`$()]*$/.test(command)) continue;
      cases.push(`  ${quote(`${dir.replace(/\/$/, '')}|${name}`)}) command=${quote(command)} ;;`);
    }
  }
  return [
    '#!/bin/sh',
    '# pnpm [-C dir] [-s] <script> for plain node scripts; see readme-snippets.test.ts.',
    `real=${quote(real)}`,
    'parse() {',
    '  dir=$PWD skip=0',
    '  while [ $# -gt 0 ]; do',
    '    case "$1" in',
    '      -C | --dir)',
    '        [ $# -ge 2 ] && dir=$(cd "$dir" && cd "$2" && pwd) || return 1',
    '        shift 2 && skip=$((skip + 2)) ;;',
    '      -s | --silent) shift && skip=$((skip + 1)) ;;',
    '      *) script=$1 && return 0 ;;',
    '    esac',
    '  done',
    '  return 1',
    '}',
    'parse "$@" || exec "$real" "$@"',
    'case "$dir|$script" in',
    ...cases,
    '  *) exec "$real" "$@" ;;',
    'esac',
    'shift $((skip + 1))',
    'cd "$dir" || exit 1',
    `PATH="$dir/node_modules/.bin:${join(ROOT, 'node_modules/.bin')}:$PATH"`,
    'exec sh -c "$command \\"\\$@\\"" pnpm "$@"',
    '',
  ].join('\n');
}

beforeAll(async () => {
  ensureBuilt('@refapi/server', 'packages/server/dist/bin.js');
  ensureBuilt('refctl', 'apps/refctl/dist/refctl.cjs');
  origin = await startServer();
  scratch = mkdtempSync(join(tmpdir(), 'refapi-docs-'));
  const bin = join(scratch, 'bin');
  const home = join(scratch, 'home');
  mkdirSync(bin);
  mkdirSync(home);
  // What `pnpm add -g refctl @refapi/server` would put on PATH; and jq, when it is missing.
  const tools: [string, string][] = [
    ['refctl', 'apps/refctl/bin/refctl.cjs'],
    ['ref-server', 'packages/server/bin/ref-server.js'],
  ];
  if (missingTools(['jq']).length > 0) tools.push(['jq', 'test/docs/jq-web-cli.mjs']);
  for (const [name, file] of tools) {
    writeFileSync(
      join(bin, name),
      `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, file)}" "$@"\n`,
    );
    chmodSync(join(bin, name), 0o755);
  }
  writeFileSync(join(bin, 'pnpm'), pnpmShim());
  chmodSync(join(bin, 'pnpm'), 0o755);
  env = {
    PATH: `${bin}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    LANG: 'C.UTF-8',
    CI: '1',
    NO_COLOR: '1',
    REF_BASE_URL: `${origin}/v1`,
  };
}, 180_000);

afterAll(() => {
  server?.kill();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// A script's header shows how to run it: the indented command lines of its leading comment,
// run in one shell from the script's folder (as `./script.sh` implies) against the demo.
const SCRIPT_DIRS = ['examples'];

function shellScripts(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return IGNORED_DIRS.has(entry.name) ? [] : shellScripts(path);
    return entry.name.endsWith('.sh') ? [path] : [];
  });
}

/** The command lines of a script's header: comment lines indented by three spaces or more. */
function headerCommands(text: string): string[] {
  const header = text.split('\n').slice(1);
  const end = header.findIndex((line) => !line.startsWith('#'));
  return header
    .slice(0, end === -1 ? header.length : end)
    .flatMap((line) => /^# {3,}(\S.*)$/.exec(line)?.[1] ?? []);
}

describe('script headers', () => {
  const scripts = SCRIPT_DIRS.flatMap(shellScripts);

  it('there are scripts whose header shows how to run them', () => {
    expect(
      scripts.filter((file) => headerCommands(readFileSync(join(ROOT, file), 'utf8')).length > 0),
    ).not.toEqual([]);
  });

  for (const file of scripts) {
    it(`${file}: the header's commands run as written`, async (context) => {
      const commands = headerCommands(readFileSync(join(ROOT, file), 'utf8'));
      if (commands.length === 0) return;
      const missing = missingTools(['jq']);
      if (missing.length > 0) context.skip(`${missing.join(', ')} not installed`);
      expect((await admin('/reset')).status).toBe(204);
      const script = [
        'set -eo pipefail',
        ...commands.map((c) => c.replaceAll(DOC_ORIGIN, origin)),
      ].join('\n');
      const result = await runBash(script, join(ROOT, dirname(file)));
      expect(result.code, result.output).toBe(0);
    }, 60_000);
  }
});

describe('README shell snippets', () => {
  it('every Markdown file with shell blocks is listed', () => {
    const withShell = markdownFiles(ROOT).filter(
      (file) => shellSnippets(readFileSync(join(ROOT, file), 'utf8')).length > 0,
    );
    expect(withShell.sort()).toEqual(Object.keys(DOCS).sort());
  });

  for (const [file, { cwd: where, tools }] of Object.entries(DOCS)) {
    it(`${file}: every unmarked block exits 0 against the demo server`, async (context) => {
      const missing = missingTools(tools);
      // Like examples/shell's own test: without the tool, say so instead of failing.
      if (missing.length > 0) context.skip(`${missing.join(', ')} not installed`);
      const snippets = shellSnippets(readFileSync(join(ROOT, file), 'utf8'));
      const runnable = snippets.filter((s) => s.skip === undefined);
      if (runnable.length === 0) return;
      expect((await admin('/reset')).status).toBe(204);
      // One shell per document, as a reader keeps one terminal: an `export` carries over.
      const script = [
        'set -eo pipefail',
        ...runnable.map(
          (s) =>
            `echo "[docs-test] ${file}:${s.line}" >&2\n${s.code.replaceAll(DOC_ORIGIN, origin)}`,
        ),
      ].join('\n');
      const cwd = where === 'root' ? ROOT : mkdtempSync(join(scratch, 'cwd-'));
      // Shield steps take 5 s of server time each; keep the clock moving so `--wait`
      // returns in a moment instead of ten seconds.
      const ticker = setInterval(() => {
        admin('/clock', { advance_seconds: 5 }).catch(() => undefined);
      }, 250);
      const result = await runBash(script, cwd).finally(() => clearInterval(ticker));
      const last = result.output.lastIndexOf('[docs-test]');
      expect(result.code, result.output.slice(Math.max(0, last))).toBe(0);
      // A `--jq` or `| jq` path that matches nothing prints a bare null and still exits 0.
      const nulls = result.output.split('\n[docs-test] ').filter((part) => /^null$/m.test(part));
      expect(
        nulls.map((part) => part.split('\n')[0]),
        'blocks printing a bare null',
      ).toEqual([]);
    }, 120_000);
  }
});
