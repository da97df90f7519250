// Child process of the state-file benchmark: times one start, from nothing loaded to
// `ready`, in a fresh process (as a restart is): `state <file>` loads a state file,
// `scenario <file>` reads and loads the same state as a scenario document.
import { readFile } from 'node:fs/promises';
import { createReferenceServer } from '@refapi/server';

const [mode, path] = process.argv.slice(2);
if (path === undefined) throw new Error('usage: load-state.ts state|scenario <file>');
const started = performance.now();
const cpu = process.cpuUsage();
if (mode === 'state') {
  const server = createReferenceServer({ stateFile: path });
  await server.ready;
  await server.close();
} else {
  await createReferenceServer({ scenario: JSON.parse(await readFile(path, 'utf8')) }).ready;
}
const used = process.cpuUsage(cpu);
// CPU time too: on a loaded machine it says what the load costs when the wall clock cannot.
const cpuMs = (used.user + used.system) / 1000;
process.stdout.write(`${JSON.stringify({ ms: performance.now() - started, cpuMs })}\n`);
