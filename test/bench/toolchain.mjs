// What scripts/toolchain.sh adds to a command on an installed, built checkout, as a new user
// meets it (Node 20 first on PATH, no pnpm: the script brings Node 22 and pnpm from its cache
// and skips `pnpm install` while node_modules holds this lockfile), against the same pnpm
// command run with Node 22 and pnpm already on PATH. Alternating runs in the same process;
// target: ≤ 1,000 ms added (issue "Hardening IV"). Run by `pnpm bench`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 7);
const nodeBin = (major) =>
  execFileSync(join(root, 'scripts/node-binary.sh'), [String(major)], { encoding: 'utf8' }).trim();
const has = (dir, name) => existsSync(join(dir, name));
const pathDirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
const npmDir = dirname(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());

/** Node 20 first, no pnpm and no other Node: a fresh machine after `git clone`. */
const freshPath = [
  nodeBin(20),
  ...pathDirs.filter((dir) => !has(dir, 'pnpm') && !has(dir, 'node')),
  npmDir,
].join(delimiter);
const command = ['pnpm', '-s', 'exec', 'node', '-e', 'process.stdout.write("{}")'];

function timed(file, args, env) {
  const started = performance.now();
  const run = spawnSync(file, args, { cwd: root, env, encoding: 'utf8' });
  const ms = performance.now() - started;
  if (run.status !== 0 || run.stdout !== '{}')
    throw new Error(`${file} ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return ms;
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const through = [];
const direct = [];
// One warm-up each: the first run of the script may bring Node 22 and pnpm into the cache.
timed(join(root, 'scripts/toolchain.sh'), command, { ...process.env, PATH: freshPath });
for (let i = 0; i < runs; i++) {
  through.push(
    timed(join(root, 'scripts/toolchain.sh'), command, { ...process.env, PATH: freshPath }),
  );
  direct.push(timed(command[0], command.slice(1), process.env));
}
const added = median(through) - median(direct);
const pass = added <= 1_000;
console.log('\nscripts/toolchain.sh on an installed checkout (median of %d, alternating)', runs);
console.log(
  `  ${command.join(' ')}: ${median(through).toFixed(0)} ms through the script, ${median(direct).toFixed(0)} ms with Node 22 and pnpm on PATH: +${added.toFixed(0)} ms  target ≤ +1,000 ms  ${pass ? 'PASS' : 'MISS'}`,
);
if (!pass) process.exitCode = 1;
