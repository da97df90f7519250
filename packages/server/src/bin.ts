import { runServerCli } from './cli';

// Entry point of `ref-server`: the only module that ends the process.
const code = await runServerCli(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`ref-server: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
// Let stdout drain (pipes are asynchronous on some platforms) before ending.
process.stdout.write('', () => process.exit(code));
