// `jq` for the docs test on machines without it: the README lines that pipe into `jq`
// run through jq-web (jq compiled to WebAssembly, the engine of refctl's --jq) instead.
// It takes jq's command line: flags, the filter, then files (default stdin). Only what the
// READMEs use is needed; the rest of jq's flags are passed on to jq as they are.
import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';

// refctl's own copy (a dependency of refctl, not of these tests), by its place on disk.
const jq = await (
  await import(new URL('../../apps/refctl/node_modules/jq-web/jq.js', import.meta.url).href)
).default;

// Flags followed by N values of their own.
const VALUES = {
  '--arg': 2,
  '--argjson': 2,
  '--slurpfile': 2,
  '--rawfile': 2,
  '--indent': 1,
  '-L': 1,
};

const args = process.argv.slice(2);
const flags = [];
let filter;
const files = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (filter === undefined && arg.startsWith('-') && arg !== '-') {
    const count = VALUES[arg] ?? 0;
    flags.push(arg, ...args.slice(i + 1, i + 1 + count));
    i += count;
  } else if (filter === undefined) filter = arg;
  else files.push(arg);
}
const input =
  files.length === 0
    ? await text(process.stdin)
    : files.map((file) => readFileSync(file === '-' ? 0 : file, 'utf8')).join('\n');
try {
  const out = (jq.raw(input, filter ?? '.', flags) ?? '').trim();
  if (out !== '') process.stdout.write(`${out}\n`);
} catch (error) {
  process.stderr.write(`${error.stderr ?? error.message}\n`);
  process.exitCode = 5;
}
