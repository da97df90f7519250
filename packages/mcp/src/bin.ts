import { main } from './main';

// The only place that touches process-wide state: exit codes and signals.
const code = await main(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  setExitCode: (exitCode) => {
    process.exitCode = exitCode;
  },
  onStop: (stop) => {
    const end = () => {
      stop().finally(() => process.exit(0));
    };
    process.once('SIGINT', end);
    process.once('SIGTERM', end);
  },
});
if (code !== undefined) process.exitCode = code;
