// The SDK snippets of copy-as-round-trip.test.ts, run one after another in this one Node
// process (a Node start and the SDK's import cost more CPU than a snippet's request). Each
// message names a snippet module and the environment it runs in; the module is imported the
// way `node <file>` would run it, from its own directory (so `@refapi/sdk` resolves as in an
// outside project), with exactly that environment. The answer says whether it threw.
import { pathToFileURL } from 'node:url';

process.on('message', async ({ id, file, env }) => {
  for (const name of Object.keys(process.env)) delete process.env[name];
  Object.assign(process.env, env);
  try {
    await import(pathToFileURL(file).href);
    process.send({ id });
  } catch (error) {
    process.send({
      id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
