import { escapeControls } from '@refapi/schema/text';
import { runServerCli } from './cli';

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
