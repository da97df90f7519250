// Stops a pnpm script at once, in one line, when this Node is older than the root
// package.json's engines.node: the alternative is a crash deep in a dependency (rolldown's
// missing native binding, `Promise.withResolvers is not a function`) minutes later.
// Plain JavaScript any Node runs. `--check`: exit status only, nothing printed.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const floor = /(\d+)\.(\d+)/.exec(manifest.engines.node);
const wanted = [Number(floor[1]), Number(floor[2])];
const [major, minor] = process.versions.node.split('.').map(Number);
const supported = major > wanted[0] || (major === wanted[0] && minor >= wanted[1]);

if (!supported) {
  if (!process.argv.includes('--check')) {
    process.stderr.write(
      `refapi needs Node.js ≥ ${wanted.join('.')}, this is ${process.version}: ` +
        `run scripts/toolchain.sh pnpm <script> (it brings Node ${wanted[0]} and pnpm 10 from the npm registry)\n`,
    );
  }
  process.exitCode = 1;
}
