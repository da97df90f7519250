#!/usr/bin/env node
import module from 'node:module';
import { VERSION } from './version';

// `refctl --version` answers before commander and the command tree are even parsed: it is
// the cold-start benchmark, and scripts call it to probe for refctl.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  // Node ≥ 22.1 can cache compiled code across runs (a no-op where it cannot); it cuts the
  // parse time of the SDK and zod on every later command.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  // `server start` is ref-server's command line (flags, help, signals, exit codes), so it
  // skips commander and refctl's own signal handling.
  const code =
    args[0] === 'server' && args[1] === 'start'
      ? await (await import('./server-start')).serverStart(args.slice(2))
      : await (await import('./main-code-cache')).runMainWithCodeCache(args);
  // Let stdout drain (pipes are asynchronous on some platforms) before ending.
  process.stdout.write('', () => process.exit(code));
}
