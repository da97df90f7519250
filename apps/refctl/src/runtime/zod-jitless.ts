import { config } from 'zod';

// A command checks an answer or two, each schema once: zod's JIT (a parser compiled with
// `new Function` on a schema's first parse, chosen when the schema is built) costs more to
// build than it saves here, and V8's code cache of a run (main-code-cache.ts) cannot keep
// what `new Function` compiled. Without it `refctl me` starts a few ms sooner. refctl owns
// its process, so the global is its to set; the SDK, a library, leaves it to the application.
// Imported first by runtime/client.ts, before the SDK and the schemas it builds.
config({ jitless: true });
