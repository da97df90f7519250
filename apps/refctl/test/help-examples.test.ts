import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoScenario } from '@refapi/server';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunState } from '../src/cli/run-state';
import { processIo } from '../src/io/io';
import { createProgram } from '../src/program';
import { CODE_CACHE_HOME, REFCTL, tempConfigHome } from './helpers/run-refctl';
import { ADMIN_TOKEN, startServer, type TestServer } from './helpers/test-server';

// Every `Examples:` line of every command's --help runs, as written, with bash against the
// demo scenario (a fresh state for each: the server is reset first), and must succeed: the
// examples name demo references (REF-SVC-101, REF-PERIOD-11, …) that exist. Only examples
// that never end by themselves are listed below, with the reason.

const NEVER_ENDS: Record<string, string> = {
  'refctl server start --port 4010': 'runs a server in the foreground until Ctrl-C',
  'refctl server start --port 0 --scenario ./scenario.json --state-file ./state.json':
    'runs a server in the foreground until Ctrl-C',
  'refctl shield traffic REF-SVC-101 --watch': 'refreshes the chart until Ctrl-C',
};

const DEMO_KEY = 'refak_demo_eur_full';
const JQ_SHIM = fileURLToPath(new URL('../../../test/docs/jq-web-cli.mjs', import.meta.url));

/** The examples of one command's help: `$ …` lines, with their `\` continuations. */
function examplesOf(command: Command): string[] {
  let help = '';
  command.configureOutput({ writeOut: (text) => (help += text) });
  command.outputHelp();
  const section = help.split('\nExamples:\n')[1] ?? '';
  const found: string[] = [];
  for (const line of section.split('\n')) {
    if (line.startsWith('  $ ')) found.push(line.slice(4));
    else if (found.length > 0 && found.at(-1)?.endsWith('\\'))
      found.push(`${found.pop()}\n${line}`);
  }
  return found;
}

function commands(command: Command, path: string[] = []): [string, Command][] {
  return [
    [path.join(' ') || 'refctl', command],
    ...command.commands.flatMap((c) => commands(c, [...path, c.name()])),
  ];
}

const program = createProgram({
  io: processIo(),
  state: createRunState(),
  signal: new AbortController().signal,
});
const EXAMPLES = commands(program).flatMap(([path, command]) =>
  examplesOf(command).map((example) => ({ path, example })),
);

// The examples run a few at a time, each on a server of its own (reset first): most of
// an example's time is a bash and a Node starting, which one core cannot overlap.
const LANES = 3;
const idle: TestServer[] = [];
const waiting: ((server: TestServer) => void)[] = [];
let bin = '';

/** Runs `use` with a server no other example is using, then hands the server on. */
async function withServer<T>(use: (server: TestServer) => Promise<T>): Promise<T> {
  const server = idle.pop() ?? (await new Promise<TestServer>((r) => waiting.push(r)));
  try {
    return await use(server);
  } finally {
    const next = waiting.shift();
    if (next) next(server);
    else idle.push(server);
  }
}

/** Runs one example with bash in a fresh folder and home; resolves to its exit code and output. */
function run(script: string, env: Record<string, string>, cwd: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('bash', ['-c', `set -eo pipefail\n${script}`], { cwd, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, output });
    });
  });
}

beforeAll(async () => {
  idle.push(...(await Promise.all(Array.from({ length: LANES }, () => startServer(demoScenario)))));
  bin = join(tempConfigHome(), 'bin');
  mkdirSync(bin);
  const tools: [string, string][] = [['refctl', REFCTL]];
  // `| jq` examples: the real jq, or jq-web (refctl's --jq engine) where there is none.
  if (spawnSync('sh', ['-c', 'command -v jq']).status !== 0) tools.push(['jq', JQ_SHIM]);
  for (const [name, script] of tools) {
    writeFileSync(join(bin, name), `#!/bin/sh\nexec "${process.execPath}" "${script}" "$@"\n`);
    chmodSync(join(bin, name), 0o755);
  }
});
afterAll(() => Promise.all(idle.map((server) => server.close())));

describe('help examples', () => {
  it('are found for every command, and the skipped ones exist', () => {
    expect(EXAMPLES.length).toBeGreaterThan(40);
    const all = EXAMPLES.map((e) => e.example);
    for (const skipped of Object.keys(NEVER_ENDS)) expect(all).toContain(skipped);
  });

  it.concurrent.for(EXAMPLES.filter((e) => NEVER_ENDS[e.example] === undefined))(
    '$path: $example',
    { timeout: 60_000 },
    ({ path, example }, { expect }) =>
      withServer(async (server) => {
        await server.admin('POST', 'reset');
        const home = tempConfigHome();
        for (const dir of ['.zfunc', '.config/fish/completions']) {
          mkdirSync(join(home, dir), { recursive: true });
        }
        const env: Record<string, string> = {
          PATH: `${bin}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
          HOME: home,
          XDG_CONFIG_HOME: join(home, '.config'),
          XDG_CACHE_HOME: CODE_CACHE_HOME,
          REF_BASE_URL: server.baseUrl,
          REF_API_KEY: DEMO_KEY,
          // The `server spaces` examples reach the server's admin API with it.
          REF_ADMIN_TOKEN: ADMIN_TOKEN,
          // What `printf %s "$KEY" | refctl config set-profile …` reads.
          KEY: DEMO_KEY,
          CI: '1',
          NO_COLOR: '1',
          LANG: 'C.UTF-8',
        };
        // The config examples work on a profile named prod, as a reader's would.
        if (path.startsWith('config')) {
          const setup = await run(
            `printf %s "$KEY" | refctl config set-profile prod --base-url "$REF_BASE_URL" --api-key-stdin`,
            env,
            home,
          );
          expect(setup.code, setup.output).toBe(0);
        }
        // Shield steps take 5 s of server time each: keep the clock moving for `--wait`.
        const ticker = setInterval(() => {
          server.admin('POST', 'clock', { advance_seconds: 5 }).catch(() => undefined);
        }, 200);
        const result = await run(example, env, home).finally(() => clearInterval(ticker));
        expect(result.code, result.output).toBe(0);
      }),
  );
});
