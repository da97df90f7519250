// The main script of the refctl executable (scripts/build-binary.ts). The executable keeps V8's
// code cache of this script, made when it is built: that holds each function's top level only.
// The commands come as an asset, main.cjs, and run as refctl from npm runs them
// (main-code-cache.ts): with a cache made after a run, holding the functions that ran, in
// the user's cache directory. `--version` is answered by this script's first statement.
import { getAsset } from 'node:sea';
import { exitAfterOutput } from './exit-after-output';
import { bundleText, runMainWithCodeCache } from './main-code-cache';
import { quietForcedColourWarning } from './quiet-colour-warning';

const args = process.argv.slice(2);
quietForcedColourWarning();
const code =
  args[0] === 'server' && args[1] === 'start'
    ? await (await import('./server-start')).serverStart(args.slice(2))
    : await runMainWithCodeCache(args, {
        file: process.execPath,
        source: bundleText(Buffer.from(getAsset('main.cjs'))),
      });
exitAfterOutput(code);
