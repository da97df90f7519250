#!/usr/bin/env node
import module from 'node:module';
import { exitAfterOutput } from './exit-after-output';
import { quietForcedColourWarning } from './quiet-colour-warning';
import { VERSION } from './version';

// Built as CommonJS (dist/refctl.cjs): a CommonJS entry starts ~5 ms sooner than an ES
// module (no ES module loader to set up), so no top-level await here.

// `refctl --version` answers before commander and the command tree are even parsed: it is
// the cold-start benchmark, and scripts call it to probe for refctl.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  quietForcedColourWarning();
  // Node ≥ 22.1 can cache compiled code across runs (a no-op where it cannot): the files
  // Node loads itself (this one, ui.js, server-start.js); main-code-cache.ts keeps main.cjs's.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  // `server start` is ref-server's command line (flags, help, signals, exit codes), so it
  // skips commander and refctl's own signal handling.
  const exitCode =
    args[0] === 'server' && args[1] === 'start'
      ? import('./server-start').then(({ serverStart }) => serverStart(args.slice(2)))
      : import('./main-code-cache').then(({ runMainWithCodeCache }) => runMainWithCodeCache(args));
  void exitCode.then(exitAfterOutput);
}
