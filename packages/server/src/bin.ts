import module from 'node:module';
import { escapeControls } from '@refapi/schema/text';

// Node ≥ 22.1 caches compiled code across runs (in its temporary folder; a no-op where it
// cannot): a test suite or a CI job that starts ref-server again and again starts it ~6%
// cheaper. Enabled before the import below, which compiles the rest of the server.
module.enableCompileCache?.();
const { runServerCli } = await import('./cli');

// Entry point of `ref-server`: the only module that ends the process.
const code = await runServerCli(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`ref-server: ${escapeControls(message)}\n`);
  return 1;
});
// From here the process only ends with `code`: a second SIGINT (a script runner such as
// pnpm forwards the terminal's Ctrl-C to us once more) must not turn a clean stop into a
// death by signal while stdout drains.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
// Let stdout drain (pipes are asynchronous on some platforms) before ending.
process.stdout.write('', () => process.exit(code));
